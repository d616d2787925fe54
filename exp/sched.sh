#!/bin/bash
# usage: exp/sched.sh [PID...]: runs the lines of exp/todo.txt (shell commands, from the worktree)
# first to last under nice -n 19, at most 2 at a time, counting the given PIDs as running; lines may
# be appended while it runs. Runs until killed (by its PID).
cd "$(dirname "$0")/.."
pids="$*"
while true; do
  alive=""
  for p in $pids; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
  pids=$alive
  n=$(echo $pids | wc -w)
  if [ "$n" -lt 2 ] && [ -s exp/todo.txt ]; then
    line=$(head -1 exp/todo.txt)
    sed -i 1d exp/todo.txt
    echo "$(date +%T) start: $line" >> exp/res/sched.log
    (nice -n 19 bash -c "$line" >> exp/res/sched.log 2>&1; echo "$(date +%T) done: $line" >> exp/res/sched.log) &
    pids="$pids $!"
    continue
  fi
  sleep 5
done
