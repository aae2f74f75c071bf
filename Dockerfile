# syntax=docker/dockerfile:1
# One container: the Node server and Litestream, with the SQLite file on the /data volume.
#   docker build -t artigiani .
#   docker run -p 3000:3000 -v artigiani-data:/data --env-file .env artigiani
# tests/operations-image.test.ts repeats the runtime stage outside Docker (COPY, ENV, CMD) and checks /healthz.

# Node 22 LTS (supported until April 2027); the code also runs on Node 20 and 24.
FROM node:22-bookworm-slim AS base
WORKDIR /app
# Compilers for native modules (better-sqlite3) when no prebuilt binary matches.
# hadolint ignore=DL3008
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

# Build stage: every dependency, then the client bundle and the server's (with the operator commands) into dist/.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, compiled against the same Node and glibc as the runtime: the native modules (sharp
# brings its prebuilt libvips for the platform, @img/sharp-linux-*, so the runtime needs no system libraries) and pino,
# which the server bundle leaves out (vite.config.ts, SERVER_EXTERNAL).
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund

# Runtime stage: no compilers, no dev dependencies, no secrets; runs as the unprivileged `node` user.
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/data/app.db
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# package.json for the operator commands (npm run admin, backup, restore, db:migrate), which run dist/server/commands/*.js.
COPY package.json litestack.yml ./
COPY scripts/docker-entrypoint.sh ./scripts/
# The volume's mount point, owned by the runtime user; `litestream` on PATH for restore drills.
RUN mkdir -p /data && chown node:node /data \
  && ln -s "/app/node_modules/@flydotio/litestream-linux-$(dpkg --print-architecture | sed 's/amd64/x64/')/litestream" /usr/local/bin/litestream
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains requests on SIGTERM; Litestream forwards it to the server and makes a last sync.
STOPSIGNAL SIGTERM
CMD ["/app/scripts/docker-entrypoint.sh"]
