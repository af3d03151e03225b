# Quick start: `make demo` runs the main job, `make test` runs every test.
# Both install missing Debian packages when run as root, and print the apt-get line otherwise.
SWIFT ?= swift
DEBS := libedit-dev libyaml-dev tmux

.PHONY: demo tour test build release deps bench

deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else echo "missing Debian packages; run: sudo apt-get install -y$$missing" >&2; exit 1; fi; \
	fi

build: deps
	$(SWIFT) build

# Static Swift runtime: exec -> prompt drops from ~11 ms to ~3 ms (dynamic loading of the Swift and
# Foundation libraries dominates start-up otherwise; see bench/RESULTS.md).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

demo: release
	.build/release/fieldline demo

# A headless tour of check and replay (no terminal needed).
tour: release
	@bash scripts/demo.sh .build/release/fieldline

test: deps
	$(SWIFT) build
	$(SWIFT) test

bench: release
	bash bench/run.sh
