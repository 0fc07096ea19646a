#!/bin/sh
# Stand-in for Prisma's native schema engine, which cannot be downloaded here.
# `prisma generate` only needs the path to exist; migrations run through
# packages/db (see its README). Anything that really calls it fails loudly.
echo "schema-engine stand-in: use npm run db:migrate / db:check instead" >&2
exit 1
