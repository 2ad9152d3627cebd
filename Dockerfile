# syntax=docker/dockerfile:1
# FuelDesk production image: the compiled server (apps/server/dist), the built web app and the
# migrations, on the server's production dependencies only, run as the unprivileged `node` user.
#
#   docker build -t fueldesk .
#   docker compose up -d            # PostgreSQL, Redis, two API processes, a worker, nginx (compose.yaml)
#
# scripts/check-deploy.mjs repeats these steps outside Docker (production-only install, start with
# NODE_ENV=production, HEALTHCHECK); apps/server/test/deploy-config.test.ts checks this file against
# the code.
ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency, then `npm run build` (web app with Vite, server and CLI with esbuild) ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts ./scripts
COPY packages ./packages
COPY apps ./apps
RUN npm run build

# --- deps: the server workspace's production dependencies only (no Vite, React, TypeScript, test tools) ---
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace=@fueldesk/server --include-workspace-root=false --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# --- runtime ---
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json \
    PROCESS_ROLE=all
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/apps/server/package.json ./apps/server/package.json
# npm keeps a version that differs from the root's beside the workspace (openai today).
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
# The bundle finds the migrations, the web build and the legal PDFs at their places in the repository.
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
# The migrated PGlite data directory a fresh embedded install unpacks instead of running initdb.
COPY --from=build /app/apps/server/.cache ./apps/server/.cache
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/web/public/legal ./apps/web/public/legal
# DATA_DIR holds the embedded database when DATABASE_URL is unset (a single container, no compose).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without its build step: plain JavaScript, no tsx. SIGTERM drains requests and jobs.
CMD ["node", "--max-semi-space-size=2", "apps/server/dist/main.js"]
