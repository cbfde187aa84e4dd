/// <reference types="vite/client" />

// The café's zone is not baked into the build: the browser asks the server (GET /api/cafe-clock).
