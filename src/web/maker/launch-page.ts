// the launch choice (/my/listings/:id/launch) and the public /launch page: being written.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';

export function launchRoutes(_ctx: Context): Router {
  return express.Router();
}
