// People with accounts. Passwords are hashed with scrypt (salted, constant-time
// compare); emails are stored lower-cased so sign-in is case-insensitive.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { type Caller, webUserId } from '../auth/caller.js';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,}$/;

export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (e.length > 254 || !EMAIL.test(e))
    throw new AppError('invalid', 'email must be a valid address', {
      errors: [{ path: 'email', message: 'not a valid email address' }],
    });
  return e;
}

export async function createUser(
  db: Kysely<Database>,
  args: {
    email: string;
    password?: string;
    name?: string;
    role?: 'user' | 'admin';
    /** The address counts as confirmed (an account the site's admin creates). */
    confirmed?: boolean;
    now: Date;
  },
): Promise<number> {
  const email = normalizeEmail(args.email);
  if (args.password !== undefined && args.password.length < 8) {
    throw new AppError('invalid', 'password must have at least 8 characters', {
      errors: [{ path: 'password', message: 'at least 8 characters' }],
    });
  }
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw new AppError('conflict', `a user with email ${email} already exists`);
  const row = await db
    .insertInto('users')
    .values({
      email,
      name: args.name ?? null,
      password_hash: args.password === undefined ? null : await hashPassword(args.password),
      role: args.role ?? 'user',
      email_verified_at: args.confirmed ? args.now.toISOString() : null,
      created_at: args.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userByEmail(db: Kysely<Database>, email: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  if (!user) throw notFound(`no user with email ${email}`);
  return user;
}

export async function userById(db: Kysely<Database>, id: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw new AppError('unauthenticated', 'The account behind this credential no longer exists.');
  return user;
}

/** True when the user exists and is one of the site's admins. */
export async function isAdmin(db: Kysely<Database>, userId: number): Promise<boolean> {
  const user = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return user?.role === 'admin';
}

/** True when the account exists and no admin has disabled it (every credential check asks). */
export async function isUserActive(db: Kysely<Database>, userId: number): Promise<boolean> {
  const user = await db.selectFrom('users').select('disabled_at').where('id', '=', userId).executeTakeFirst();
  return user !== undefined && user.disabled_at === null;
}

/**
 * The admin signed in on the website who runs an admin operation; anyone else
 * gets the same 404 as the admin pages give, so they do not reveal themselves.
 */
export async function webAdminId(db: Kysely<Database>, caller: Caller): Promise<number> {
  const userId = webUserId(caller);
  if (!(await isAdmin(db, userId))) throw notFound('There is no such page.');
  return userId;
}
