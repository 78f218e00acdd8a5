#!/usr/bin/env node
// A committed launcher, not dist/main.js itself: pnpm links bins at install time, before the first
// build has made dist/, and a missing target is a warning on every fresh install.
import '../dist/main.js'
