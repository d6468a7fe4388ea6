// The ordered list of migrations. Forward-only: append, never reorder or edit.
import type { Kysely } from 'kysely';
import * as m0001 from './0001_core.js';
import * as m0002 from './0002_search.js';
import * as m0003 from './0003_listing_sort_indexes.js';
import * as m0004 from './0004_my_listings.js';
import * as m0005 from './0005_oauth.js';
import * as m0006 from './0006_drafts.js';
import * as m0007 from './0007_claims_orders.js';
import * as m0008 from './0008_community.js';
import * as m0009 from './0009_read_indexes.js';
import * as m0010 from './0010_profile_version.js';
import * as m0011 from './0011_week_votes_index.js';
import * as m0012 from './0012_listing_row_version.js';
import * as m0013 from './0013_trending_version.js';
import * as m0014 from './0014_listing_daily_stats.js';
import * as m0015 from './0015_comments.js';
import * as m0016 from './0016_notification_settings.js';
import * as m0017 from './0017_admin_actions.js';
import * as m0018 from './0018_page_version.js';
import * as m0019 from './0019_media.js';
import * as m0020 from './0020_draft_evidence.js';
import * as m0021 from './0021_webhooks.js';
import * as m0022 from './0022_order_company.js';

export type MigrationDialect = 'sqlite' | 'postgres';

export interface NumberedMigration {
  name: string;
  up(db: Kysely<any>, dialect: MigrationDialect): Promise<void>;
}

export const migrations: NumberedMigration[] = [
  { name: '0001_core', up: m0001.up },
  { name: '0002_search', up: m0002.up },
  { name: '0003_listing_sort_indexes', up: m0003.up },
  { name: '0004_my_listings', up: m0004.up },
  { name: '0005_oauth', up: m0005.up },
  { name: '0006_drafts', up: m0006.up },
  { name: '0007_claims_orders', up: m0007.up },
  { name: '0008_community', up: m0008.up },
  { name: '0009_read_indexes', up: m0009.up },
  { name: '0010_profile_version', up: m0010.up },
  { name: '0011_week_votes_index', up: m0011.up },
  { name: '0012_listing_row_version', up: m0012.up },
  { name: '0013_trending_version', up: m0013.up },
  { name: '0014_listing_daily_stats', up: m0014.up },
  { name: '0015_comments', up: m0015.up },
  { name: '0016_notification_settings', up: m0016.up },
  { name: '0017_admin_actions', up: m0017.up },
  { name: '0018_page_version', up: m0018.up },
  { name: '0019_media', up: m0019.up },
  { name: '0020_draft_evidence', up: m0020.up },
  { name: '0021_webhooks', up: m0021.up },
  { name: '0022_order_company', up: m0022.up },
];
