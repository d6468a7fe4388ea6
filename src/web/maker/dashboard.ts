// the dashboard (/my) and orders: being written.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';

export function dashboardRoutes(_ctx: Context): Router {
  return express.Router();
}
