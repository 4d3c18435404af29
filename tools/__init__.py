"""Repository tools: the build (build.py); run as scripts from the repository root."""
