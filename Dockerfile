# Production image: the built server and dashboard on Node.js 24 LTS (the image's own Node.js).
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY admin/package.json admin/
# The workspace package both the server and the dashboard import; npm ci's prepare builds it.
COPY packages/shared packages/shared
RUN npm ci --no-audit --no-fund
COPY . .
# The project's pinned Node.js (node-linux-*, for machines whose system Node.js is older) is not
# needed where the image already runs Node.js 24.
RUN npm run build && npm prune --omit=dev && rm -rf node_modules/node-linux-* node_modules/.bin/node

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 LOG_FORMAT=json
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/dist dist
COPY --from=build /app/admin/dist admin/dist
COPY --from=build /app/backend/drizzle backend/drizzle
USER node
EXPOSE 3000
# --liftoff-only --max-semi-space-size=8: see scripts/lib/server-command.cjs (npm start passes the same flags).
CMD ["node", "--liftoff-only", "--max-semi-space-size=8", "dist/main.js"]
