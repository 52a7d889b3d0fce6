/**
 * ESLint rule `local/no-dependency-patching` (docs/security.md, "Dependencies as published"): a
 * dependency is used through what it publishes, never changed or read from inside. It reports:
 * - an assignment to a member of a value imported from a package (`pg.types = …`,
 *   `utils.normalizeQueryConfig = …`, `Session.prototype.transaction = …`), or
 *   `Object.defineProperty`/`Object.assign`/`Object.setPrototypeOf`/`Reflect.set` on one;
 * - the same through a value the package made (`const pool = new pg.Pool(); pool.query = …`,
 *   `Object.assign(makeThing(), …)`, `z.object({}).parse = …`); what a React ref holds is ours;
 * - a subclass of a package's class that overrides its methods (`class X extends pg.Pool {
 *   override query() {} }`; in JavaScript any method, which may be one), React's `Component`, made
 *   to be extended, aside;
 * - an assignment to any `*.prototype.*` (or to a `prototype` itself);
 * - `Symbol.for(…)`: the registry libraries keep their globals in;
 * - an import (static, dynamic or `require`) of a package's private files (`pg/lib/utils.js`,
 *   `x/dist/…`, `x/src/…`, `x/internal/…`): a package is imported by the names it exports;
 * - reading a library's private fields: a member whose name starts with `_` (ws's `_socket`,
 *   `_sender`, pg's `_parsers`, `_types`), and pg's `connection.stream`. Zod 4's `_zod` is the
 *   documented interface for code built on zod, and is allowed to read; any write under it (or under
 *   any `_` field: `schema._zod.processJSONSchema = …`, `const i = schema._zod; i.x = …`,
 *   `Object.assign(schema._zod, …)`, `delete schema._zod.x`) is reported.
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
const isPrivateName = (name) => typeof name === 'string' && name.startsWith('_') && !name.startsWith('__');
/** Classes a package publishes to be extended, by package: their subclasses define methods by design. */
const MADE_TO_EXTEND = { react: new Set(['Component', 'PureComponent']) };
/** Members a package publishes for its users' own values on what its functions make: React's `ref.current`. */
const USER_MEMBERS = { react: new Set(['current']) };

/**
 * The identifier a member chain starts from (`a` of `a.b.c`, of `a.b().c`, of `new a.B().c`),
 * whether a `prototype` or a `_` field is on the way, whether a call or `new` made the value, and
 * the first member after the root (`b` of `a.b.c`).
 */
function chainOf(node) {
  let prototype = false;
  let underscore = false;
  let made = false;
  let first;
  let current = node;
  for (;;) {
    if (current.type === 'MemberExpression') {
      const name = propertyName(current);
      if (name === 'prototype') prototype = true;
      if (isPrivateName(name)) underscore = true;
      first = name;
      current = current.object;
    } else if (current.type === 'CallExpression' || current.type === 'NewExpression') {
      made = true;
      first = undefined;
      current = current.callee;
    } else if (
      current.type === 'TSNonNullExpression' ||
      current.type === 'TSAsExpression' ||
      current.type === 'TSTypeAssertion' ||
      current.type === 'TSSatisfiesExpression' ||
      current.type === 'AwaitExpression' ||
      current.type === 'ChainExpression'
    ) {
      current = current.expression ?? current.argument;
    } else break;
  }
  return { root: current.type === 'Identifier' ? current : undefined, prototype, underscore, made, first };
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
      assignMade: "Do not change '{{name}}', a value made by '{{source}}': use the library as published.",
      subclassOverride: "Do not override '{{member}}' of '{{base}}', imported from '{{source}}': wrap the library's object instead of subclassing it.",
      privateWrite: "Do not write under '{{name}}': a library's private fields are read-only to its users.",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    /**
     * Where a name in scope comes from: the package it was imported (or required) from, and whether
     * it holds a prototype (`const p = pg.Result.prototype`). Aliases are followed
     * (`const { types } = pg`, `const utils = pgUtils as …`).
     */
    const NOWHERE = { source: undefined, prototype: false, underscore: false, made: false, maker: undefined };
    /**
     * Where a name in scope comes from: the package it was imported (or required) from, whether it
     * holds a prototype (`const p = pg.Result.prototype`) or a value under a `_` field
     * (`const i = schema._zod`), and whether a call or `new` of the package made it
     * (`const pool = new pg.Pool()`; `maker`: the package's export called). Aliases are followed
     * (`const { types } = pg`, `const utils = pgUtils as …`).
     */
    function originOf(identifier, depth = 0) {
      let scope = sourceCode.getScope(identifier);
      while (scope) {
        const variable = scope.set.get(identifier.name);
        if (variable) {
          for (const def of variable.defs) {
            if (def.type === 'ImportBinding') {
              const source = isPackage(def.parent.source.value) ? def.parent.source.value : undefined;
              const imported = def.node.type === 'ImportSpecifier' ? (def.node.imported.name ?? def.node.imported.value) : undefined;
              return { ...NOWHERE, source, maker: imported };
            }
            if (def.type !== 'Variable' || !def.node.init || depth > 5) continue;
            let init = def.node.init;
            while (
              init.type === 'AwaitExpression' ||
              init.type === 'TSAsExpression' ||
              init.type === 'TSNonNullExpression' ||
              init.type === 'TSTypeAssertion' ||
              init.type === 'TSSatisfiesExpression'
            )
              init = init.argument ?? init.expression;
            if (init.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require' && isPackage(init.arguments[0]?.value))
              return { ...NOWHERE, source: init.arguments[0].value };
            if (init.type === 'ImportExpression' && isPackage(init.source.value)) return { ...NOWHERE, source: init.source.value };
            if (init.type === 'MemberExpression' || init.type === 'Identifier' || init.type === 'CallExpression' || init.type === 'NewExpression') {
              const chain = chainOf(init);
              const outer = chain.root && chain.root.name !== identifier.name ? originOf(chain.root, depth + 1) : NOWHERE;
              if (outer.made && USER_MEMBERS[outer.source]?.has(chain.first)) return NOWHERE;
              const made = chain.made || outer.made;
              return {
                source: outer.source,
                prototype: chain.prototype || outer.prototype,
                underscore: chain.underscore || outer.underscore,
                made,
                maker: chain.made ? (chain.first ?? outer.maker) : outer.maker,
              };
            }
          }
          return NOWHERE;
        }
        scope = scope.upper;
      }
      return NOWHERE;
    }
    /** What a target expression reaches: its chain and where the chain's root comes from. */
    function reach(target) {
      const chain = chainOf(target);
      const origin = chain.root ? originOf(chain.root) : NOWHERE;
      // `ref.current = element`, `ref.current.scrollTop = 0`: what a ref holds is the user's own.
      if (origin.made && !chain.made && USER_MEMBERS[origin.source]?.has(chain.first)) return { ...NOWHERE, underscore: chain.underscore };
      return {
        prototype: chain.prototype || origin.prototype,
        underscore: chain.underscore || origin.underscore,
        made: chain.made || origin.made,
        source: origin.source,
        maker: chain.made ? (chain.first ?? origin.maker) : origin.maker,
      };
    }
    function checkTarget(node, target) {
      while (target.type === 'TSAsExpression' || target.type === 'TSNonNullExpression' || target.type === 'TSTypeAssertion') target = target.expression;
      if (target.type !== 'MemberExpression') return;
      const reached = reach(target);
      if (reached.prototype) return context.report({ node, messageId: 'assignPrototype' });
      if (reached.underscore) return context.report({ node, messageId: 'privateWrite', data: { name: sourceCode.getText(target) } });
      if (!reached.source) return;
      if (!reached.made) return context.report({ node, messageId: 'assignImported', data: { name: sourceCode.getText(target), source: reached.source } });
      context.report({ node, messageId: 'assignMade', data: { name: sourceCode.getText(target), source: reached.source } });
    }
    function checkClass(node) {
      if (!node.superClass) return;
      const reached = reach(node.superClass);
      if (!reached.source || reached.made) return;
      const base = sourceCode.getText(node.superClass);
      const exported = node.superClass.type === 'MemberExpression' ? propertyName(node.superClass) : reached.maker;
      if (MADE_TO_EXTEND[reached.source]?.has(exported)) return;
      // TypeScript with `noImplicitOverride` (tsconfig.base.json) marks every override `override`:
      // those are reported; in JavaScript, where nothing tells an override apart, every method is.
      const typescript = /\.(?:c|m)?tsx?$/.test(context.filename);
      for (const member of node.body.body) {
        if (member.key?.type === 'PrivateIdentifier' || member.kind === 'constructor') continue;
        if (typescript && !member.override) continue;
        const isMethod = member.type === 'MethodDefinition' || member.type === 'TSAbstractMethodDefinition';
        const isFunctionField =
          member.type === 'PropertyDefinition' && (member.value?.type === 'ArrowFunctionExpression' || member.value?.type === 'FunctionExpression');
        if (!isMethod && !isFunctionField) continue;
        const name = member.computed ? sourceCode.getText(member.key) : (member.key.name ?? String(member.key.value));
        context.report({ node: member, messageId: 'subclassOverride', data: { member: name, base, source: reached.source } });
      }
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
          const reached = reach(node.arguments[0]);
          if (reached.prototype) return context.report({ node, messageId: 'assignPrototype' });
          if (reached.underscore) return context.report({ node, messageId: 'privateWrite', data: { name: sourceCode.getText(node.arguments[0]) } });
          if (reached.source)
            context.report({ node, messageId: 'defineOnImported', data: { name: sourceCode.getText(node.arguments[0]), source: reached.source } });
        }
      },
      UnaryExpression(node) {
        if (node.operator === 'delete') checkTarget(node, node.argument);
      },
      ClassDeclaration: checkClass,
      ClassExpression: checkClass,
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
        if (isPrivateName(name) && !ALLOWED_UNDERSCORE.has(name)) context.report({ node, messageId: 'privateField', data: { name } });
        else if (name === 'stream' && node.object.type === 'MemberExpression' && propertyName(node.object) === 'connection')
          context.report({ node, messageId: 'connectionStream' });
      },
    };
  },
};

export default { rules: { 'no-dependency-patching': noDependencyPatching } };
