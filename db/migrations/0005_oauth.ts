// 0005: sign-in for people and programs (issue 4): web sessions, the embedded
// OAuth 2.1 authorization server's store (clients, codes, refresh tokens,
// signing keys), identities from an external issuer, the mail outbox and
// single-use email links. Frozen once landed. Imports nothing from the app.
// Every secret (session id, code, refresh token, email link) is stored as its
// SHA-256 hash, never in the clear.
import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const id = idColumn(dialect);

  await db.schema
    .createTable('web_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('web_sessions_user').on('web_sessions').column('user_id').execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    // 'dynamic' (RFC 7591) or 'metadata_document' (an https client_id URL, cached here).
    .addColumn('registration_type', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text')
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // When a metadata document must be fetched again (null for dynamic clients).
    .addColumn('refresh_after', 'text')
    .execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    // The grant the code starts: its tokens share this family, so a replayed code revokes them.
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('oauth_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_refresh_tokens_family').on('oauth_refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('oauth_refresh_tokens_user').on('oauth_refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('alg', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();

  // People known to an external identity provider (OAUTH_ISSUER), by (issuer, subject).
  await db.schema
    .createTable('external_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('external_identities_pk', ['issuer', 'subject'])
    .execute();

  await id(db.schema.createTable('outbox'))
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    // 'queued' → 'sent' | 'failed' when SMTP is configured; 'stored' when mail stays in the outbox.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_to').on('outbox').columns(['to', 'id']).execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_tokens_user').on('email_tokens').columns(['user_id', 'purpose']).execute();
}
