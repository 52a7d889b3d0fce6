/**
 * ESLint rule `local/no-dependency-patching` (docs/security.md, "Dependencies as published"): a
 * dependency is used through what it publishes, never changed or read from inside. It reports:
 * - an assignment to a member of a value imported from a package (`pg.types = …`,
 *   `utils.normalizeQueryConfig = …`, `Session.prototype.transaction = …`), or
 *   `Object.defineProperty`/`Object.assign`/`Object.setPrototypeOf`/`Reflect.set` on one;
 * - an assignment to any `*.prototype.*` (or to a `prototype` itself);
 * - `Symbol.for(…)`: the registry libraries keep their globals in;
 * - an import (static, dynamic or `require`) of a package's private files (`pg/lib/utils.js`,
 *   `x/dist/…`, `x/src/…`, `x/internal/…`): a package is imported by the names it exports;
 * - reading a library's private fields: a member whose name starts with `_` (ws's `_socket`,
 *   `_sender`, pg's `_parsers`, `_types`), and pg's `connection.stream`. Zod 4's `_zod` is the
 *   documented interface for code built on zod, and is allowed.
 */

const PRIVATE_PATH = /^(?:@[^/]+\/)?[^./@#][^/]*\/(?:.*\/)?(?:lib|dist|src|build|cjs|internal|internals)(?:\/|$)/;
const ALLOWED_UNDERSCORE = new Set(['_zod']);
const DEFINERS = {
  Object: new Set(['defineProperty', 'defineProperties', 'assign', 'setPrototypeOf']),
  Reflect: new Set(['set', 'defineProperty', 'setPrototypeOf']),
};

/** A package's name (`pg`, `@scope/name`), not a relative path, an alias of ours (`@/…`, `#…`) or a Node built-in. */
const isPackage = (source) => typeof source === 'string' && /^(?:@[^/]+\/)?[a-z0-9][^/]*/i.test(source) && !source.startsWith('node:');
const propertyName = (member) => (member.computed ? (member.property.type === 'Literal' ? String(member.property.value) : undefined) : member.property.name);

/** The identifier a member chain starts from (`a` of `a.b.c`), and whether a `prototype` is on the way. */
function chainOf(node) {
  let prototype = false;
  let current = node;
  while (current.type === 'MemberExpression' || current.type === 'TSNonNullExpression' || current.type === 'TSAsExpression' || current.type === 'TSTypeAssertion') {
    if (current.type === 'MemberExpression') {
      if (propertyName(current) === 'prototype') prototype = true;
      current = current.object;
    } else current = current.expression;
  }
  return { root: current.type === 'Identifier' ? current : undefined, prototype };
}

export const noDependencyPatching = {
  meta: {
    type: 'problem',
    docs: { description: 'Use dependencies as published: no patches, no private files or fields, no Symbol.for.' },
    schema: [],
    messages: {
      assignImported: "Do not change '{{name}}', imported from '{{source}}': use the library as published.",
      assignPrototype: 'Do not assign to a prototype: use the library as published.',
      defineOnImported: "Do not redefine members of '{{name}}', imported from '{{source}}'.",
      symbolFor: "Symbol.for reaches into a library's globals: use its published API.",
      privatePath: "'{{source}}' is a private file of its package: import what the package exports.",
      privateField: "'{{name}}' is a private field of a library: use its published API.",
      connectionStream: "pg's connection.stream is private: use the driver's published API.",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    /**
     * Where a name in scope comes from: the package it was imported (or required) from, and whether
     * it holds a prototype (`const p = pg.Result.prototype`). Aliases are followed
     * (`const { types } = pg`, `const utils = pgUtils as …`).
     */
    function originOf(identifier, depth = 0) {
      let scope = sourceCode.getScope(identifier);
      while (scope) {
        const variable = scope.set.get(identifier.name);
        if (variable) {
          for (const def of variable.defs) {
            if (def.type === 'ImportBinding') return { source: isPackage(def.parent.source.value) ? def.parent.source.value : undefined, prototype: false };
            if (def.type !== 'Variable' || !def.node.init || depth > 5) continue;
            let init = def.node.init;
            while (init.type === 'AwaitExpression' || init.type === 'TSAsExpression' || init.type === 'TSNonNullExpression' || init.type === 'TSTypeAssertion' || init.type === 'TSSatisfiesExpression') init = init.argument ?? init.expression;
            if (init.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require' && isPackage(init.arguments[0]?.value)) return { source: init.arguments[0].value, prototype: false };
            if (init.type === 'ImportExpression' && isPackage(init.source.value)) return { source: init.source.value, prototype: false };
            if (init.type === 'MemberExpression' || init.type === 'Identifier') {
              const { root, prototype } = chainOf(init);
              const outer = root && root.name !== identifier.name ? originOf(root, depth + 1) : { source: undefined, prototype: false };
              return { source: outer.source, prototype: prototype || outer.prototype };
            }
          }
          return { source: undefined, prototype: false };
        }
        scope = scope.upper;
      }
      return { source: undefined, prototype: false };
    }
    function checkTarget(node, target) {
      while (target.type === 'TSAsExpression' || target.type === 'TSNonNullExpression' || target.type === 'TSTypeAssertion') target = target.expression;
      if (target.type !== 'MemberExpression') return;
      const { root, prototype } = chainOf(target);
      const origin = root ? originOf(root) : { source: undefined, prototype: false };
      if (prototype || origin.prototype) return context.report({ node, messageId: 'assignPrototype' });
      if (origin.source) context.report({ node, messageId: 'assignImported', data: { name: sourceCode.getText(target), source: origin.source } });
    }
    function checkSource(node, source) {
      if (isPackage(source) && PRIVATE_PATH.test(source)) context.report({ node, messageId: 'privatePath', data: { source } });
    }
    return {
      AssignmentExpression(node) {
        checkTarget(node, node.left);
      },
      UpdateExpression(node) {
        checkTarget(node, node.argument);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'require' && node.arguments[0]?.type === 'Literal') checkSource(node, node.arguments[0].value);
        if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier') return;
        const object = callee.object.name;
        const method = propertyName(callee);
        if (object === 'Symbol' && method === 'for') return context.report({ node, messageId: 'symbolFor' });
        if (DEFINERS[object]?.has(method) && node.arguments[0]) {
          const { root, prototype } = chainOf(node.arguments[0]);
          const origin = root ? originOf(root) : { source: undefined, prototype: false };
          if (prototype || origin.prototype) return context.report({ node, messageId: 'assignPrototype' });
          if (origin.source) context.report({ node, messageId: 'defineOnImported', data: { name: sourceCode.getText(node.arguments[0]), source: origin.source } });
        }
      },
      ImportDeclaration(node) {
        checkSource(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') checkSource(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) checkSource(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        checkSource(node, node.source.value);
      },
      MemberExpression(node) {
        const name = propertyName(node);
        if (typeof name === 'string' && name.startsWith('_') && !name.startsWith('__') && !ALLOWED_UNDERSCORE.has(name)) context.report({ node, messageId: 'privateField', data: { name } });
        else if (name === 'stream' && node.object.type === 'MemberExpression' && propertyName(node.object) === 'connection') context.report({ node, messageId: 'connectionStream' });
      },
    };
  },
};

export default { rules: { 'no-dependency-patching': noDependencyPatching } };
