// Finds test assertions on elapsed wall-clock time: an `expect(...)` whose subject is a
// difference of two clock readings (`Date.now() - started`), or a value such a difference
// flowed into (`const took = performance.now() - t0; ... expect(took)`). On a loaded
// machine these flake; a test waits for an event, and timings live in `npm run bench`.
// A reading minus a constant (`Date.now() - 5_000`, a timestamp in the past) and a
// deadline in a polling loop (`if (Date.now() > deadline) throw`) are no assertion.
import ts from 'typescript';

/** One assertion on wall-clock time: its line and the first line of its statement. */
export interface WallClockAssertion {
  line: number;
  text: string;
}

// A variable is told apart by its declaration (so `list` in one test is not `list` in the next);
// an object property by its name (`at` in `{ event, at: Date.now() }`, read back as `entry.at`).
type Key = ts.Node | string;

/** Methods whose result holds the values of the list they are called on. */
const KEEPS_VALUES = new Set([
  'get',
  'at',
  'slice',
  'filter',
  'sort',
  'toSorted',
  'concat',
  'find',
  'findLast',
  'pop',
  'shift',
]);
/** Methods that hand each element to a callback, and which parameter it arrives in. */
const WALKS = new Map([
  ['map', 0],
  ['forEach', 0],
  ['filter', 0],
  ['find', 0],
  ['some', 0],
  ['every', 0],
  ['flatMap', 0],
  ['reduce', 1],
]);
const CLOCKS = new Set(['Date.now', 'performance.now', 'process.hrtime', 'process.hrtime.bigint', 'hrtime.bigint']);

function isClockCall(node: ts.Node): boolean {
  return ts.isCallExpression(node) && CLOCKS.has(node.expression.getText());
}

function contains(node: ts.Node, test: (inner: ts.Node) => boolean): boolean {
  if (test(node)) return true;
  return ts.forEachChild(node, (child) => (contains(child, test) ? true : undefined)) ?? false;
}

function isExpectCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression.getText();
  return callee === 'expect' || callee === 'expect.soft';
}

function bindingNames(name: ts.BindingName, into: Map<string, ts.Node>): void {
  if (ts.isIdentifier(name)) into.set(name.text, name);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, into);
}

/** The names a scope declares itself, each with its declaring node. */
function declaredIn(scope: ts.Node): Map<string, ts.Node> {
  const names = new Map<string, ts.Node>();
  const declareList = (list: ts.VariableDeclarationList) => {
    for (const declaration of list.declarations) bindingNames(declaration.name, names);
  };
  if (ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope) || ts.isCaseClause(scope)) {
    for (const statement of scope.statements) {
      if (ts.isVariableStatement(statement)) declareList(statement.declarationList);
      if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
        names.set(statement.name.text, statement.name);
    }
  }
  if (ts.isFunctionLike(scope)) for (const parameter of scope.parameters) bindingNames(parameter.name, names);
  if (ts.isForStatement(scope) || ts.isForOfStatement(scope) || ts.isForInStatement(scope))
    if (scope.initializer && ts.isVariableDeclarationList(scope.initializer)) declareList(scope.initializer);
  if (ts.isCatchClause(scope) && scope.variableDeclaration) bindingNames(scope.variableDeclaration.name, names);
  return names;
}

export function findWallClockAssertions(source: string, fileName = 'test.tsx'): WallClockAssertion[] {
  if (!/\b(Date\.now|performance\.now|hrtime)\b/.test(source)) return [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const scopes = new Map<ts.Node, Map<string, ts.Node>>();
  /** A variable's key: the node that declares it in the nearest scope, or its name where none does. */
  const symbolOf = (node: ts.Identifier): Key => {
    for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
      let names = scopes.get(scope);
      if (!names) scopes.set(scope, (names = declaredIn(scope)));
      const declared = names.get(node.text);
      if (declared) return declared;
    }
    return node.text;
  };
  /** What an expression names: a variable's symbol, or `.at` for `entry.at` and `{ at: … }`. */
  const keyOf = (node: ts.Node): Key | undefined => {
    if (ts.isIdentifier(node)) return symbolOf(node);
    if (ts.isPropertyAccessExpression(node)) return `.${node.name.text}`;
    return undefined;
  };
  const strip = (node: ts.Node): ts.Node =>
    ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node)
      ? strip(node.expression)
      : node;

  // Every binding of a value to a key: declarations, assignments, object properties, and
  // `push`/`set`/`add` into a collection (the collection holds what is put in it).
  const bindings: { key: Key; value: ts.Node; direct: boolean }[] = [];
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      bindings.push({ key: symbolOf(node.name), value: node.initializer, direct: false });
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name))
      bindings.push({ key: `.${node.name.text}`, value: node.initializer, direct: false });
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const key = keyOf(node.left);
      if (key) bindings.push({ key, value: node.right, direct: false });
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments.length > 0) {
      const key = keyOf(node.expression.expression);
      if (key && ['push', 'unshift', 'set', 'add'].includes(node.expression.name.text))
        bindings.push({ key, value: node.arguments[node.arguments.length - 1]!, direct: true });
    }
    ts.forEachChild(node, collect);
  };
  collect(file);

  // Readings: keys holding a clock value (`started`, a `deadline`, an event's `at`, a list of
  // arrival times), followed through copies, lookups and the callbacks that walk such a list.
  const readings = new Set<Key>();
  const isReading = (node: ts.Node): boolean => {
    const inner = strip(node);
    if (isClockCall(inner)) return true;
    if (ts.isElementAccessExpression(inner)) return isReading(inner.expression);
    if (
      ts.isBinaryExpression(inner) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(inner.operatorToken.kind)
    )
      return isReading(inner.left) || isReading(inner.right);
    if (ts.isArrayLiteralExpression(inner))
      return inner.elements.some((element) => isReading(ts.isSpreadElement(element) ? element.expression : element));
    if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression))
      return KEEPS_VALUES.has(inner.expression.name.text) && isReading(inner.expression.expression);
    const key = keyOf(inner);
    return key !== undefined && readings.has(key);
  };
  /** `times.map((at, i) => …)`: the element a callback over a list of readings is given. */
  const callbackReadings = (node: ts.Node): Key[] => {
    if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) return [];
    const call = node.parent;
    if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return [];
    const index = WALKS.get(call.expression.name.text);
    const parameter = index === undefined ? undefined : node.parameters[index];
    if (!parameter || !ts.isIdentifier(parameter.name) || !isReading(call.expression.expression)) return [];
    return [parameter.name];
  };
  const callbacks: ts.Node[] = [];
  const findCallbacks = (node: ts.Node): void => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) callbacks.push(node);
    ts.forEachChild(node, findCallbacks);
  };
  findCallbacks(file);
  for (let grew = true; grew;) {
    const before = readings.size;
    for (const { key, value, direct } of bindings)
      if (direct ? isReading(value) : contains(value, isClockCall) || isReading(value)) readings.add(key);
    for (const callback of callbacks) for (const key of callbackReadings(callback)) readings.add(key);
    grew = readings.size > before;
  }
  const isDifference = (node: ts.Node): boolean =>
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.MinusToken &&
    isReading(node.left) &&
    isReading(node.right);

  // Durations: keys a difference flowed into, followed through later bindings.
  const durations = new Set<Key>();
  const refersToDuration = (node: ts.Node): boolean =>
    contains(node, (inner) => {
      if (ts.isIdentifier(inner) && ts.isPropertyAccessExpression(inner.parent) && inner.parent.name === inner)
        return false;
      const key = keyOf(inner);
      return key !== undefined && durations.has(key);
    });
  const carriesDuration = (value: ts.Node, direct: boolean): boolean => {
    if (!direct) return contains(value, isDifference) || refersToDuration(value);
    const inner = strip(value);
    return isDifference(inner) || (keyOf(inner) !== undefined && durations.has(keyOf(inner)!));
  };
  for (let grew = true; grew;) {
    grew = false;
    for (const { key, value, direct } of bindings) {
      if (durations.has(key) || !carriesDuration(value, direct)) continue;
      durations.add(key);
      grew = true;
    }
  }

  const found: WallClockAssertion[] = [];
  const check = (node: ts.Node): void => {
    if (isExpectCall(node) && node.arguments.length > 0) {
      const subject = node.arguments[0]!;
      if (contains(subject, isDifference) || refersToDuration(subject)) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        found.push({ line, text: node.parent.getText(file).split('\n')[0]! });
      }
    }
    ts.forEachChild(node, check);
  };
  check(file);
  return found;
}
