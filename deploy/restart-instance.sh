#!/usr/bin/env bash
# A deploy's restart of one app process without a request lost (README: A deploy; ADR 0078).
#
#   deploy/restart-instance.sh 127.0.0.1:3001          out of nginx, restart yance@3001, back in
#   deploy/restart-instance.sh out 127.0.0.1:3001      only take it out of nginx's upstream
#   deploy/restart-instance.sh in 127.0.0.1:3001       only put it back
#
# Run it as root on the nginx host. The address is the one deploy/nginx/yance.conf's upstream lists; a process
# on another host is restarted there over ssh (RESTART overrides the command).
#
# Why out first: a process that closes its listener (SIGTERM) makes its kernel reset the connections it had
# accepted but the process had not yet taken; a POST nginx had already sent on one is answered 502 and not
# retried (nginx never sends a POST twice). Marked `down` and reloaded, nginx opens no new connection to the
# process: its new workers do not use it, its old ones finish their requests and close their idle connections.
# The process then drains what it has (SHUTDOWN_GRACE_MS) with nothing new arriving. It refuses to take out the
# last server of the upstream not marked down.
#
# Settings (environment):
#   NGINX_SITE    the site file (default /etc/nginx/sites-available/yance.conf)
#   NGINX_RELOAD  checks the configuration and reloads nginx (default: nginx -t -q && nginx -s reload)
#   OLD_WORKERS_S how long to wait for nginx's old workers to finish (default 10)
#   NGINX_PID     nginx's pid file, whose master's old workers are waited for (default /run/nginx.pid)
#   RESTART       the restart command (default: systemctl restart yance@PORT, over ssh for another host)
set -euo pipefail

site="${NGINX_SITE:-/etc/nginx/sites-available/yance.conf}"
reload="${NGINX_RELOAD:-nginx -t -q && nginx -s reload}"
old_workers_s="${OLD_WORKERS_S:-10}"
pid_file="${NGINX_PID:-/run/nginx.pid}"

usage() {
  echo "usage: $0 [out|in] HOST:PORT" >&2
  exit 2
}

case "$#:${1:-}" in
  1:*) action=restart addr="$1" ;;
  2:out | 2:in) action="$1" addr="$2" ;;
  *) usage ;;
esac
[[ "$addr" =~ ^([A-Za-z0-9.:_-]+):([0-9]+)$ ]] || usage
host="${BASH_REMATCH[1]}"
port="${BASH_REMATCH[2]}"
# The upstream's line for this address: `server ADDR <parameters>;` (a `down` among them while it is out).
line_re="^([[:space:]]*server[[:space:]]+${addr//./\\.}([[:space:]][^;]*)?)"
grep -Eq "${line_re};" "$site" || {
  echo "$site lists no upstream server $addr" >&2
  exit 1
}

# The master's processes now: the workers of the configuration in force (every nginx worker when the pid file is unreadable).
nginx_workers() {
  local master
  if master="$(cat "$pid_file" 2>/dev/null)" && [ -n "$master" ]; then
    pgrep -P "$master" || true
  else
    pgrep -f '^nginx: worker process' || true
  fi
}

# Reloads, then waits until the workers of the old configuration are gone (they finish their requests first), at most OLD_WORKERS_S.
reload_nginx() {
  local old pid until=$((SECONDS + old_workers_s))
  old="$(nginx_workers)"
  sh -c "$reload"
  for pid in $old; do
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$until" ]; do sleep 0.1; done
  done
}

take_out() {
  if grep -Eq "${line_re}[[:space:]]down;" "$site"; then
    echo "$addr is out of nginx's upstream already"
  elif [ "$(grep -E '^[[:space:]]*server[[:space:]]+[^[:space:];]+([[:space:]][^;]*)?;' "$site" | grep -Evc '[[:space:]]down;')" -le 1 ]; then
    echo "$addr is the last server in nginx's upstream not marked down: taking it out would stop the shop" >&2
    exit 1
  else
    sed -i --follow-symlinks -E "s/${line_re};/\1 down;/" "$site"
    reload_nginx
    echo "$addr is out of nginx's upstream"
  fi
}

put_in() {
  sed -i --follow-symlinks -E "s/${line_re}[[:space:]]down;/\1;/" "$site"
  reload_nginx
  echo "$addr is back in nginx's upstream"
}

case "$action" in
  out) take_out ;;
  in) put_in ;;
  restart)
    take_out
    # It returns once the new process answers /readyz 200 (yance@.service's ExecStartPost).
    if [ -n "${RESTART:-}" ]; then
      sh -c "$RESTART"
    elif [ "$host" = 127.0.0.1 ] || [ "$host" = localhost ]; then
      systemctl restart "yance@$port"
    else
      ssh "$host" systemctl restart "yance@$port"
    fi
    put_in
    ;;
esac
