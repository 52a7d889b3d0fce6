/**
 * ESLint rule `texts/no-player-text` (issue 47): a text a player reads has one home, the rules
 * package (`@rpg/game`: RuleErrors and text constants) or, for what the web alone shows, the
 * contract (`@rpg/contract`). The server imports it; it never spells one itself.
 *
 * A string or template literal with words in it (a letter and a space, or a capital letter) is
 * reported where the server's code puts a player's text:
 * - the message or title of `new HttpError(status, code, message, title)` and `new RuleError(code, message)`;
 * - an argument of the text helpers `notFound`, `invalidInput`, `toast`, `say` (the console's line);
 * - the value of a property named `message`, `title`, `description`, `content`, `reason`, `body`,
 *   `text`, `subject`, `html` (`reply.send({ error, message: '…' })`, a mail's parts), and of
 *   `error` when it has a space (a code has none);
 * - the initial value of a variable, or a value assigned to one, whose name ends with Message,
 *   Text, Title, Description, Line, Refusal, Name, Note, Usage, Heading or Html, singular or
 *   plural (`const message = \`You sold …\``, `const SPELL_USAGE = '…'`);
 * - what a function with such a name returns (`const unknownCommandMessage = (name) => \`…\``,
 *   `function statusLines() { return [\`…\`, …]; }`);
 * - an argument of `push`, `unshift` or `splice` on something named `…lines` (a log's lines).
 * The literal counts when it reaches one of these through `a ? b : c`, `a ?? b`, `a + b`, a
 * template's `${…}`, an object's property, an array or an array's `.join(…)`. Markup tags are
 * left out before the words are looked for: an HTML layout around imported words is no text.
 *
 * Not reported: `new Error('…')` (a bug: the error handler answers 500 with its own text and logs
 * the message), log lines, comments, tagged templates (`sql\`…\``), metric help texts and the
 * console's command table (`usage` and `help` beside each command are its help data, STYLE.md).
 */

const WORDS = /[A-Za-z]/;
const TEXTY = /\s|^[^a-z]*[A-Z]/;
const HELPERS = new Set(['notFound', 'invalidInput', 'toast', 'say']);
const ERRORS = new Map([
  ['HttpError', 2],
  ['RuleError', 1],
]);
const TEXT_KEYS = new Set(['message', 'title', 'description', 'content', 'reason', 'body', 'text', 'subject', 'html']);
const TEXT_NAME = /(message|text|title|description|line|refusal|name|note|usage|heading|html)s?$/i;
const MARKUP = /<\/?[a-z][^>]*>/gi;
const LINE_LIST = /lines$/i;
const LIST_METHODS = new Set(['push', 'unshift', 'splice']);
/** Nodes a text passes through on its way to where it is used. */
const CARRIERS = new Set([
  'ConditionalExpression',
  'LogicalExpression',
  'BinaryExpression',
  'TemplateLiteral',
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'ArrayExpression',
  'ObjectExpression',
  'Property',
]);

const keyName = (property) =>
  property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
const calleeName = (callee) =>
  callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : undefined;
const literalText = (node) =>
  node.type === 'Literal' ? (typeof node.value === 'string' ? node.value : undefined) : node.quasis.map((q) => q.value.cooked ?? '').join('');
const isJoin = (node) => node.type === 'MemberExpression' && !node.computed && node.property.name === 'join';
/** A function's name: its own, or the variable, property or method it is the value of. */
const functionName = (fn) => {
  if (fn.id) return fn.id.name;
  const holder = fn.parent;
  if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier') return holder.id.name;
  if (['Property', 'MethodDefinition', 'PropertyDefinition'].includes(holder?.type)) return keyName(holder);
  return undefined;
};
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
/** What a function with a text's name returns: the literal is its text. */
const returnedBy = (fn) => {
  const name = fn && functionName(fn);
  return name && TEXT_NAME.test(name) ? `what '${name}' returns` : undefined;
};

/** Where a literal with words ends up: a description of the text position, or undefined when it is not one. */
function sinkOf(literal, text) {
  let child = literal;
  for (let node = literal.parent; node; child = node, node = node.parent) {
    if (node.type === 'Property' && node.value === child) {
      const key = keyName(node);
      if (key && TEXT_KEYS.has(key)) return `the '${key}' of an answer`;
      if (key === 'error' && /\s/.test(text)) return "an answer's 'error'";
    }
    if (node.type === 'TaggedTemplateExpression') return undefined;
    if (node.type === 'ReturnStatement') {
      let fn = node.parent;
      while (fn && !FUNCTIONS.has(fn.type)) fn = fn.parent;
      return returnedBy(fn);
    }
    if (node.type === 'ArrowFunctionExpression') return node.body === child ? returnedBy(node) : undefined;
    // `['…', '…'].join('\n')`: the array's texts are the joined text.
    if (isJoin(node) && node.object === child) continue;
    if (node.type === 'CallExpression' && node.callee === child && isJoin(child)) continue;
    if (node.type === 'NewExpression' && node.callee.type === 'Identifier') {
      const from = ERRORS.get(node.callee.name);
      return from !== undefined && node.arguments.indexOf(child) >= from ? `a ${node.callee.name}'s text` : undefined;
    }
    if (node.type === 'CallExpression') {
      if (!node.arguments.includes(child)) return undefined;
      const name = calleeName(node.callee);
      if (name && HELPERS.has(name)) return `an argument of ${name}()`;
      const list = node.callee.type === 'MemberExpression' ? node.callee.object : undefined;
      const listName = list?.type === 'Identifier' ? list.name : list?.type === 'MemberExpression' && !list.computed ? list.property.name : undefined;
      if (name && LIST_METHODS.has(name) && listName && LINE_LIST.test(listName)) return `a line of '${listName}'`;
      return undefined;
    }
    if (node.type === 'VariableDeclarator' && node.init === child) {
      return node.id.type === 'Identifier' && TEXT_NAME.test(node.id.name) ? `'${node.id.name}'` : undefined;
    }
    if (node.type === 'AssignmentExpression' && node.right === child) {
      return node.left.type === 'Identifier' && TEXT_NAME.test(node.left.name) ? `'${node.left.name}'` : undefined;
    }
    if (node.type === 'BinaryExpression' && node.operator !== '+') return undefined;
    if (!CARRIERS.has(node.type)) return undefined;
  }
  return undefined;
}

export const noPlayerText = {
  meta: {
    type: 'problem',
    docs: { description: "A player's text lives in @rpg/game (or @rpg/contract for what the web alone shows), never in the server's code." },
    schema: [],
    messages: {
      text: "A player's text in {{where}}: move it to @rpg/game (a RuleError or a text constant; @rpg/contract when only the web shows it) and import it.",
    },
  },
  create(context) {
    const check = (node) => {
      const text = literalText(node)?.replace(MARKUP, '');
      if (text === undefined || !WORDS.test(text) || !TEXTY.test(text.trim())) return;
      const where = sinkOf(node, text);
      if (where) context.report({ node, messageId: 'text', data: { where } });
    };
    return {
      Literal: check,
      TemplateLiteral(node) {
        // A template inside a template is checked as part of the outer one.
        if (node.parent?.type !== 'TemplateLiteral') check(node);
      },
    };
  },
};

export default { rules: { 'no-player-text': noPlayerText } };
