// Toolsets: the parts of the registry an MCP client asks for by name
// (LAUNCHBOARD_TOOLSETS or `--toolsets` for the whole server, `?toolsets=` on
// /mcp per client), so an assistant that only browses, or only orders, loads
// and may call fewer tools. Unset: every tool. The names and members are the
// registry's (tools/index.ts); REST always serves every operation.
import type { AnyTool } from '../../tools/define.js';
import { toolsets } from '../../tools/index.js';
import { AppError } from '../errors.js';

export type ToolsetName = keyof typeof toolsets;

export const TOOLSET_NAMES = Object.keys(toolsets) as ToolsetName[];

/** The tool every selection keeps: the server's instructions tell an assistant to start there. */
export const ALWAYS_LISTED = 'get_site_info';

/**
 * The toolset names in a comma-separated value ("read,orders"; spaces, case
 * and repeats ignored); undefined for an unset or empty value or `all`. An
 * unknown name is refused, naming the known ones.
 */
export function parseToolsets(value: string | undefined): ToolsetName[] | undefined {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0 || names.includes('all')) return undefined;
  const unknown = names.filter((name) => !(TOOLSET_NAMES as string[]).includes(name));
  if (unknown.length > 0) {
    throw new AppError('invalid', `Unknown toolset ${unknown.join(', ')}: use ${TOOLSET_NAMES.join(', ')} or all.`, {
      errors: [{ path: 'toolsets', message: `must be a comma-separated list of ${TOOLSET_NAMES.join(', ')} or all` }],
    });
  }
  // In the registry's order, so equal selections read alike.
  return TOOLSET_NAMES.filter((name) => names.includes(name));
}

/** The tools of `tools` (in their order) in any of the named toolsets, plus ALWAYS_LISTED; all of them when `names` is undefined. */
export function selectTools(tools: AnyTool[], names: readonly ToolsetName[] | undefined): AnyTool[] {
  if (!names) return tools;
  const wanted = new Set<string>([ALWAYS_LISTED]);
  for (const name of names) for (const tool of toolsets[name]) wanted.add(tool.name);
  return tools.filter((tool) => wanted.has(tool.name));
}
