# The image of a release (decision 0136): build the folder first, then the image from it:
#   npm run release -- --out release && docker build -f Dockerfile -t otc-markets release
# It copies only the release (the bundled server, the built apps, their migrations, its lockfile) and
# installs the release's pinned production dependencies.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY apps ./apps
USER node
EXPOSE 8080
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
