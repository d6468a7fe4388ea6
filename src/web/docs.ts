// Human-readable API docs: the OpenAPI document rendered in the browser by a
// renderer we serve ourselves, and how to connect an MCP client.
import express, { type Router } from 'express';
import type { Context } from '../context.js';

export function docsRouter(_ctx: Context): Router {
  const router = express.Router();
  return router;
}
