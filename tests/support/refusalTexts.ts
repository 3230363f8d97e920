// The server's fixed Chinese refusal texts, found in its source (server/ and the domain rules it answers with):
// every text passed to a refusal (badRequest … tooManyRequests, new HttpError, a decider's refuse), every text
// of a *_TEXT / *_MESSAGES table, every row error pushed onto an `errors`, `reasons`, `invalid` or `out` list, and
// every `reason` of a rule's answer. A template
// literal's `${…}` parts become `{}` (a value the text carries). The unit test serverTextCoverage checks each has
// its zh-TW and en-US wording in domain/serverTexts.ts, so a new refusal without them fails the suite.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface FoundText {
  /** the text with `{}` where the code puts a value */
  text: string;
  /** file:line */
  at: string;
}

const CJK = /[\u4e00-\u9fff]/;
const REFUSERS = new Set([
  'badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'unprocessable', 'tooManyRequests', 'refuse',
  // route guards that refuse with the text they are given
  'platformOnly', 'partyOnly', 'recipeEditor',
]);
const ERROR_CLASSES = new Set(['HttpError', 'Error', 'OutboundRefused']);
const TEXT_TABLE = /(^|_)(TEXTS?|MESSAGES)$/;
const ERROR_LISTS = new Set(['errors', 'reasons', 'errs', 'invalid', 'out']);
/** `{ ok: false, reason: '…' }`: a rule's answer that a route or decider refuses with */
const REASON_KEYS = new Set(['reason']);
/** data, labels and demo content, not refusals */
const SKIPPED = [/^server\/seed\//, /^server\/data\//, /^domain\/serverTexts\.ts$/];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

/** The texts an expression can evaluate to, `{}` for each part computed at run time; [] when it is no text. */
function textsOf(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    // a part chosen among fixed words (`${n > 5 ? ' 等' : ''}`) gives a text for each of them
    return node.templateSpans.reduce((heads, span) => {
      const values = partsOf(span.expression);
      return heads.flatMap((h) => values.map((v) => h + v + span.literal.text));
    }, [node.head.text]);
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return textsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textsOf(node.left);
    const right = textsOf(node.right);
    if (!left.length && !right.length) return [];
    return (left.length ? left : ['{}']).flatMap((l) => (right.length ? right : ['{}']).map((r) => l + r));
  }
  if (ts.isArrowFunction(node)) {
    if (!ts.isBlock(node.body)) return textsOf(node.body);
    const out: string[] = [];
    const visit = (n: ts.Node): void => {
      if (ts.isReturnStatement(n) && n.expression) out.push(...textsOf(n.expression));
      else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
    };
    ts.forEachChild(node.body, visit);
    return out;
  }
  return [];
}

/** What a `${…}` part can be: its fixed texts, `{}` for a value computed at run time. */
function partsOf(node: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(node)) return partsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...partsOf(node.whenTrue), ...partsOf(node.whenFalse)];
  const texts = textsOf(node);
  return texts.length ? texts : ['{}'];
}

const calleeName = (e: ts.Expression): string | undefined =>
  ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : undefined;

/** Every fixed Chinese refusal text the server's source writes. */
export function serverRefusalTexts(root = process.cwd()): FoundText[] {
  const found: FoundText[] = [];
  for (const file of [...files(path.join(root, 'server')), ...files(path.join(root, 'domain'))]) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (SKIPPED.some((r) => r.test(rel))) continue;
    const source = fs.readFileSync(file, 'utf8');
    if (!CJK.test(source)) continue;
    const sf = ts.createSourceFile(rel, source, ts.ScriptTarget.Latest, true);
    const add = (node: ts.Node) => {
      // a row error pushed as { row, errors: [...] }
      if (ts.isObjectLiteralExpression(node)) {
        for (const p of node.properties) {
          if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && ['errors', 'message'].includes(p.name.text)) add(p.initializer);
        }
        return;
      }
      if (ts.isArrayLiteralExpression(node)) { node.elements.forEach(add); return; }
      for (const text of textsOf(node)) {
        if (CJK.test(text)) found.push({ text, at: `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}` });
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node.expression);
        if (name && REFUSERS.has(name)) node.arguments.forEach(add);
        if (name === 'push' && ts.isPropertyAccessExpression(node.expression)) {
          const list = calleeName(node.expression.expression);
          if (list && ERROR_LISTS.has(list)) node.arguments.forEach(add);
        }
      }
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && REASON_KEYS.has(node.name.text)) add(node.initializer);
      if (ts.isNewExpression(node) && ERROR_CLASSES.has(calleeName(node.expression) ?? '')) node.arguments?.forEach(add);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && TEXT_TABLE.test(node.name.text) && node.initializer) {
        let init: ts.Expression = node.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
        if (ts.isObjectLiteralExpression(init)) {
          for (const p of init.properties) if (ts.isPropertyAssignment(p)) add(p.initializer);
        } else add(init);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}
