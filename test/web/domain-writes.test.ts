// Pages write only through operations (ui/act.ts → the registry's invoke
// path): no file under src/web imports a function that writes to the
// database, but for the few flows below that act before or without a session.
// A function writes when its body changes the database (insertInto,
// updateTable, deleteFrom, or an INSERT/UPDATE/DELETE in SQL) or calls a
// function that does, followed through the imports of src (the registry,
// being the invoke path itself, is left out).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');

/** `src/<module>.ts#<function>` a web file may import although it writes, and why. */
const ALLOWED: Record<string, string> = {
  'src/accounts/credentials.ts#signUp': 'signing up makes the account the session is for',
  'src/accounts/credentials.ts#requestPasswordReset': 'a password reset is asked for without a session',
  'src/accounts/credentials.ts#resetPassword': 'a password reset link is the authority, not a session',
  'src/accounts/credentials.ts#sendVerificationMail': 'email verification is part of signing up',
  'src/accounts/credentials.ts#verifyEmail': 'an email verification link is the authority, not a session',
  'src/auth/sessions.ts#createSession': 'signing in makes the session every operation runs as',
  'src/auth/sessions.ts#endSession': 'signing out ends it',
  'src/community/unsubscribe.ts#unsubscribe': 'a one-click unsubscribe carries a signed token and no cookie',
  'src/community/unsubscribe.ts#readUnsubscribeToken': 'checks that token with the signing key, made on first use',
  'src/claims/claims.ts#verifyEmailLink': 'a claim link mailed to the domain is the authority, not a session',
  'src/orders/orders.ts#orderByCheckoutToken': 'the checkout token is the capability to see and pay one order',
  'src/orders/payments/index.ts#paymentProviderFor': 'paying on the checkout page, by that capability',
  'src/orders/admin-orders.ts#adminOrders': 'a read of orders that first expires unpaid ones past their time',
  'src/orders/admin-orders.ts#adminOrder': 'the same, for one order',
};

const WRITES = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|sql`\s*(insert|update|delete)\b/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const moduleOf = (from: string, specifier: string) =>
  specifier.startsWith('.') ? resolve(dirname(from), specifier).replace(/\.js$/, '.ts') : null;
const keyOf = (file: string, name: string) => `${relative(ROOT, file)}#${name}`;

/** Every top-level function of src that writes, directly or through the functions it calls. */
function writersIn(files: string[]): Set<string> {
  const bodies = new Map<string, { direct: boolean; calls: string[] }>();
  const reexports = new Map<string, string>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const imported = new Map<string, string>();
    const functions: [string, ts.Node][] = [];
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const module = moduleOf(file, statement.moduleSpecifier.text);
        const named = statement.importClause?.namedBindings;
        if (module && named && ts.isNamedImports(named))
          for (const el of named.elements) imported.set(el.name.text, keyOf(module, (el.propertyName ?? el.name).text));
      } else if (
        ts.isExportDeclaration(statement) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        const module = moduleOf(file, statement.moduleSpecifier.text);
        if (module)
          for (const el of statement.exportClause.elements)
            reexports.set(keyOf(file, el.name.text), keyOf(module, (el.propertyName ?? el.name).text));
      } else if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
        functions.push([statement.name.text, statement.body]);
      } else if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations)
          if (
            ts.isIdentifier(d.name) &&
            d.initializer &&
            (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))
          )
            functions.push([d.name.text, d.initializer]);
      }
    }
    const local = new Set(functions.map(([name]) => name));
    for (const [name, body] of functions) {
      const calls: string[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
          const callee = node.expression.text;
          if (local.has(callee)) calls.push(keyOf(file, callee));
          else if (imported.has(callee)) calls.push(imported.get(callee)!);
        }
        ts.forEachChild(node, visit);
      };
      visit(body);
      bodies.set(keyOf(file, name), { direct: WRITES.test(body.getText(source)), calls });
    }
  }
  const canonical = (key: string) => {
    let k = key;
    while (reexports.has(k)) k = reexports.get(k)!;
    return k;
  };
  const writers = new Set([...bodies].filter(([, b]) => b.direct).map(([key]) => key));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [key, body] of bodies)
      if (!writers.has(key) && body.calls.some((c) => writers.has(canonical(c)))) {
        writers.add(key);
        grew = true;
      }
  }
  return new Set([...writers, ...[...reexports.keys()].filter((k) => writers.has(canonical(k)))]);
}

/** What each web file imports from src outside the website and the registry: `file ← src/…#name`. */
function webImports(files: string[]): [file: string, key: string][] {
  return files
    .filter((f) => f.startsWith(join(SRC, 'web/')))
    .flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      return source.statements.flatMap((statement): [string, string][] => {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
        if (statement.importClause?.isTypeOnly) return [];
        const module = moduleOf(file, statement.moduleSpecifier.text);
        const named = statement.importClause?.namedBindings;
        if (!module?.startsWith(SRC) || module.startsWith(join(SRC, 'web/'))) return [];
        if (!named || !ts.isNamedImports(named)) return [];
        return named.elements
          .filter((el) => !el.isTypeOnly)
          .map((el) => [relative(ROOT, file), keyOf(module, (el.propertyName ?? el.name).text)]);
      });
    });
}

const files = sourceFiles(SRC).filter((f) => !f.startsWith(join(SRC, 'registry/')));
const writers = writersIn(files);
const imports = webImports(files);

describe('the website writes only through operations', () => {
  it('tells a write from a read, directly or through what it calls', () => {
    expect(writers).toContain('src/community/reports.ts#closeReport');
    expect(writers).toContain('src/directory/settings.ts#saveSettings');
    // hideReportedComment only calls functions that write.
    expect(writers).toContain('src/community/reports.ts#hideReportedComment');
    expect(writers).not.toContain('src/community/reports.ts#reportQueue');
    expect(writers).not.toContain('src/directory/settings.ts#getSetting');
  });

  it('no file under src/web imports a domain write but the flows allowed', () => {
    const writes = imports.filter(([, key]) => writers.has(key) && !Object.hasOwn(ALLOWED, key));
    expect(writes.map(([file, key]) => `${file} ← ${key}`)).toEqual([]);
  });

  it('allows nothing that is no longer imported or no longer writes', () => {
    const used = new Set(imports.map(([, key]) => key).filter((key) => writers.has(key)));
    expect(Object.keys(ALLOWED).filter((key) => !used.has(key))).toEqual([]);
  });
});
