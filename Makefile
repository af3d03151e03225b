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

# Static Swift runtime: loading the Swift libraries dynamically costs several ms of start-up.
# lld with packed relative relocations (DT_RELR, glibc >= 2.36) leaves fewer dirty pages: about 0.5 MB less
# resident memory for `ask` (see bench/RESULTS.md).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

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
