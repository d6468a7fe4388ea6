// the draft review page (GET/POST /drafts/:id…): being written.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';

export function draftRoutes(_ctx: Context): Router {
  return express.Router();
}
