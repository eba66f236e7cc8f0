#!/bin/sh
# `npm run check`: ESLint and the four TypeScript projects' type checks (`npm run typecheck`'s),
# in two lanes side by side. Each check is one thread for most of its time, so on CI's two cores
# the lanes take less time than one after another (94 s -> 73-77 s on this machine: they share
# memory and GC threads, not only cores). Every check runs even when another fails; the exit
# status fails if any did, and each prints only what it finds.

# Runs each argument as a command; fails if any failed.
lane() {
  failed=0
  for command in "$@"; do
    sh -c "$command" || failed=1
  done
  return "$failed"
}

# Balanced by their times on CI's machine: ESLint 32 s and the web app 14 s; the root project
# (scripts, bench, e2e, with the server code they import) 19 s, the server 18 s, shared 3 s.
lane 'eslint .' 'tsc -p apps/web' &
first=$!
lane 'tsc -p tsconfig.json' 'tsc -p apps/server' 'tsc -p packages/shared'
second=$?
wait "$first"
[ "$?" -eq 0 ] && [ "$second" -eq 0 ]
