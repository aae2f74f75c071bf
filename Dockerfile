# Filled in by the operations work: multi-stage build, non-root runtime, Litestream.
FROM node:22-bookworm-slim
WORKDIR /app
COPY . .
RUN npm install && npm run build
ENV DATABASE_PATH=/data/app.db
EXPOSE 3000
CMD ["npm", "run", "serve"]
