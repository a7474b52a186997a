#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# browser_check.sh WEB_DIR SCREENSHOT.png: serves WEB_DIR (the wasm32 build's
# examples/crowd: index.html + crowd_web.wasm) on loopback, loads the page in headless
# Chromium (Debian's chromium), lets it step the crowd, reads the page's stats and saves a
# screenshot. Passes when the page stepped frames with the wasm_simd128 backend, moved
# NPCs to their goals, and saw no NaN and no NPC inside a block. Last line: "ok ..." or
# "FAIL ...".
set -uo pipefail
dir=$1 shot=$2
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then echo "FAIL: no chromium"; exit 1; fi
if [ ! -f "$dir/index.html" ] || [ ! -f "$dir/crowd_web.wasm" ]; then echo "FAIL: $dir lacks the page"; exit 1; fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory "$dir" "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
    sleep 0.1
done
url="http://127.0.0.1:$port/"
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=60000)
stats=$(timeout 300 "$browser" "${flags[@]}" --dump-dom "$url" 2>/dev/null | grep -o '<pre id="stats">[^<]*' | sed 's/<pre id="stats">//')
timeout 300 "$browser" "${flags[@]}" --window-size=560,680 --screenshot="$shot" "$url" >/dev/null 2>&1
echo "page: $stats"
get() { sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" <<<"$stats"; }
frames=$(get frames) reached=$(get reached) nan=$(get nan) bad=$(get bad) backend=$(get backend)
if [ "$backend" = wasm_simd128 ] && [ "${frames:-0}" -ge 200 ] && [ "${reached:-0}" -gt 0 ] &&
    [ "$nan" = 0 ] && [ "$bad" = 0 ] && [ -s "$shot" ]; then
    echo "ok: browser page stepped $frames frames on $backend, $reached NPCs at their goals; screenshot $shot"
    exit 0
fi
echo "FAIL: browser page (backend '$backend', frames '$frames', reached '$reached', nan '$nan', bad '$bad', screenshot $( [ -s "$shot" ] && echo written || echo missing))"
exit 1
