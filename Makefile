# Peach: two commands on a fresh Debian or Ubuntu machine with the Swift toolchain.
#   make run    installs what is missing, builds, and starts Peach
#   make test   installs what is missing, builds, and runs the tests
# Also: make bench (speed figures against baselines), make bench-training (simulated listeners against
# the training profile and selector, with per-key baselines and targets), make build, make clean.

SWIFT ?= swift
APT_PACKAGES := libasound2-dev libsndfile1-dev libfluidsynth-dev timgm6mb-soundfont fluidsynth sox alsa-utils pkg-config librsvg2-bin netpbm
ARGS ?=

.PHONY: run test bench bench-training build release-plugins deps clean

# Installs only what is missing; needs root (or sudo) the first time.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

run: build
	.build/debug/peach $(ARGS)

# The release plugins are tested too: release builds export only public symbols.
release-plugins: deps
	$(SWIFT) build -c release --product PeachSineSource
	$(SWIFT) build -c release --product PeachMidiOutSource
	$(SWIFT) build -c release --product PeachFluidSource

test: build release-plugins
	$(SWIFT) test

bench: deps
	$(SWIFT) build -c release
	.build/release/PeachBench

# Simulated listeners against the real profile and pair selector; exits 1 if a target fails (about 5-10 minutes).
bench-training: deps
	$(SWIFT) build -c release --product TrainingBench && .build/release/TrainingBench

clean:
	rm -rf .build
