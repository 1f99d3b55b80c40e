# The platform as one image: the API and the web app on one port (docs/OPERATIONS.md).
#   docker build -t funding-platform .
#   docker run --init -p 3000:3000 -e DATABASE_URL=postgres://… -e PUBLIC_URL=https://app.example.com funding-platform
# Without DATABASE_URL it runs the embedded database in /data with the demo logins: a trial, not a
# production set-up. `node scripts/dockerfile-dry-run.mjs` runs these steps without Docker.

# Build: every dependency, then the web app (apps/web/dist, and apps/web/dist-ssr for the server).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: the server's runtime dependencies only; it runs from its TypeScript source (decision 004).
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @app/server --no-audit --no-fund && npm cache clean --force
COPY tsconfig.base.json ./
COPY packages/contracts/src packages/contracts/src
COPY apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# The module that draws /accounts' first paint on the server (decision 037).
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness; /readyz (database reachable and migrated) is for a load balancer's readiness check.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains requests and jobs, then exits 0.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
