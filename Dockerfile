# One image runs any role: `node server/dist/main.js <all|identity|statuses|media|gateway|facade>`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc turbo.json tsconfig.base.json jest.preset.js ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY packages ./packages
COPY services ./services
COPY gateway ./gateway
COPY rest-facade ./rest-facade
COPY server ./server
COPY test/package.json ./test/package.json
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# A young generation sized for the requests in flight (bench/README.md, session 13: 1.09-1.11x
# less CPU per read); NODE_OPTIONS so that an operator's own value replaces it.
ENV NODE_ENV=production NODE_OPTIONS=--max-semi-space-size=64
WORKDIR /app
COPY --from=build /app /app
# The media volume is mounted here; a new named volume takes this folder's owner, so the node user can write media.
RUN mkdir -p /app/data/media && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "server/dist/main.js"]
CMD ["all"]
