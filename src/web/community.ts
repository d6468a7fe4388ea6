// What people do on a listing page: vote, follow, review, report.
import express, { type Router } from 'express';
import type { Context } from '../context.js';

export function communityRouter(_ctx: Context): Router {
  const router = express.Router();
  return router;
}
