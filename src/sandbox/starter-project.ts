/**
 * The workspace a fresh virtual sandbox starts with: a tiny shell-utility
 * project whose tests run with `npm test` inside just-bash.
 */
export const STARTER_PROJECT: Record<string, string> = {
  'README.md': `# sample-utils

Small shell utilities, one function per file in \`src/\`.

- Each \`src/NAME.sh\` defines a function \`NAME\`.
- Each \`tests/NAME_test.sh\` tests it with the helpers in \`tests/assert.sh\`.
- Run every test with \`npm test\`.
`,
  'package.json': `{
  "name": "sample-utils",
  "version": "1.0.0",
  "private": true,
  "scripts": {
    "test": "bash tests/run.sh"
  }
}
`,
  'src/greet.sh': `# greet NAME: prints a friendly greeting.
greet() {
  echo "Hello, \${1:-world}!"
}
`,
  'tests/assert.sh': `# assert_eq ACTUAL EXPECTED MESSAGE
assert_eq() {
  if [ "$1" = "$2" ]; then
    echo "  ok   - $3"
  else
    echo "  FAIL - $3"
    echo "         expected: '$2'"
    echo "         actual:   '$1'"
    FAILURES=$((FAILURES + 1))
  fi
}
`,
  'tests/run.sh': `# Runs every tests/*_test.sh and reports a summary; exits 1 on any failure.
passed=0
failed=0
for test_file in tests/*_test.sh; do
  # Without any test file the pattern stays as written: nothing to run.
  [ -e "$test_file" ] || continue
  FAILURES=0
  echo "$test_file"
  source tests/assert.sh
  source "$test_file"
  if [ "$FAILURES" -eq 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
echo ""
echo "Test files: $passed passed, $failed failed"
if [ "$failed" -gt 0 ]; then
  exit 1
fi
`,
  'tests/greet_test.sh': `source src/greet.sh
assert_eq "$(greet Ada)" "Hello, Ada!" "greets by name"
assert_eq "$(greet)" "Hello, world!" "greets the world by default"
`,
};
