// managing one listing (/my/listings/:id): being written.
import express, { type Router } from 'express';
import type { Context } from '../../context.js';

export function manageRoutes(_ctx: Context): Router {
  return express.Router();
}
