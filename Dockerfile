# One image for both process types: `npm run start:api` and `npm run start:worker`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-fund --no-audit
COPY tsconfig.json ./
COPY src src
COPY workflows workflows
COPY activities activities
COPY workers workers
COPY migrations migrations
COPY scripts scripts
COPY test test
COPY bench bench
COPY data data
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/data data
USER node
EXPOSE 3000
CMD ["npm", "run", "start:api"]
