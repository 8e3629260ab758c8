// Import boundaries of docs/architecture.md, as one small ESLint rule.
// Each import is resolved to a repo path ('@/…' = apps/web/src, relative
// paths from the importing file) and checked against the layer rules below.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const WEB = 'apps/web/src/';
const SERVER = 'apps/server/src/';
const CONTRACTS = 'packages/contracts/src/';

/** Repo-relative path an import points at, or null for a package import. */
function resolveTarget(fromFile, source) {
  if (source.startsWith('@/')) return WEB + source.slice(2);
  if (source.startsWith('.')) return path.relative(root, path.resolve(path.dirname(fromFile), source));
  return null;
}

/** The web layer of a repo path: app, feature:<name>, components, lib, config, … */
function webLayer(rel) {
  const parts = rel.slice(WEB.length).split('/');
  if (parts[0] === 'features') return `feature:${parts[1]}`;
  return parts.length > 1 ? parts[0] : 'root';
}

const WEB_ALLOWED = {
  components: ['components', 'lib', 'config', 'styles'],
  lib: ['lib', 'config'],
  config: ['config'],
};

/** Returns a message when the import breaks a boundary, else null. */
export function checkImport(fromRel, source) {
  const target = resolveTarget(path.join(root, fromRel), source);

  if (fromRel.startsWith(CONTRACTS)) {
    if (target === null && source !== 'zod' && !fromRel.endsWith('.test.ts')) return 'contracts import zod only';
    if (target !== null && !target.startsWith(CONTRACTS)) return 'contracts import nothing outside packages/contracts';
    return null;
  }

  if (fromRel.startsWith(WEB)) {
    if (target === null || !target.startsWith(WEB)) return null;
    const from = webLayer(fromRel);
    const to = webLayer(target);
    if (from.startsWith('feature:')) {
      if (to.startsWith('feature:') && to !== from) return `features never import other features (${from} → ${to})`;
      if (to === 'app') return 'features never import app/';
      return null;
    }
    const allowed = WEB_ALLOWED[from];
    if (allowed && !allowed.includes(to)) return `${from}/ may import only ${allowed.join(', ')} (not ${to})`;
    return null;
  }

  if (fromRel.startsWith(SERVER)) {
    const inModule = fromRel.startsWith(`${SERVER}modules/`);
    const isRepository = fromRel.endsWith('.repository.ts');
    if (inModule && !isRepository && !fromRel.endsWith('.test.ts')) {
      if (source === 'drizzle-orm' || source.startsWith('drizzle-orm/')) return 'only repositories use drizzle';
      if (target?.endsWith('db/schema.ts')) return 'only repositories use the database schema';
    }
    if (target === null) return null;
    const fromDir = fromRel.slice(SERVER.length).split('/');
    const toDir = target.slice(SERVER.length).split('/');
    if (!target.startsWith(SERVER)) return null;
    if ((fromDir[0] === 'lib' || fromDir[0] === 'plugins' || fromDir[0] === 'config') && toDir[0] === 'modules')
      return `${fromDir[0]}/ never imports modules/`;
    if (fromDir[0] === 'modules' && toDir[0] === 'modules' && fromDir[1] !== toDir[1] && !target.endsWith('.service.ts'))
      return `a module uses another module only through its service (${toDir.slice(1).join('/')})`;
    return null;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', docs: { description: 'Layer and feature import boundaries' }, schema: [] },
  create(context) {
    const fromRel = path.relative(root, context.filename);
    const check = (node) => {
      if (typeof node.source?.value !== 'string') return;
      const problem = checkImport(fromRel, node.source.value);
      if (problem) context.report({ node: node.source, message: problem });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries: rule } };
