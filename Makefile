# Cellar from source. `make install` builds a release binary with the Swift runtime linked in
# and installs it with its man page and shell completions, both written by that binary
# (`cellar help --man`, `cellar completions bash|zsh`); the binary then needs only Debian's
# libcmark, libyaml and libmicrohttpd. Everything here is a thin call to a script in scripts/,
# which work without make too.
#
#   make                    release build (.build-install/…/release/cellar), stamped with the commit
#   make install            into $(PREFIX): bin/, share/man/man1/, share/bash-completion/, share/zsh/
#   make uninstall          removes exactly those files
#   make deb                dist/cellar_<version>_<arch>.deb (Depends: derived from the binary)
#   make tarball            dist/cellar-<version>-linux-<arch>.tar.gz (binary, man page, completions)
#   make test               swift test
#   make check-install      install into a temporary prefix and run it with no Swift on the PATH
#   make check-completions  the bash and zsh completions, as the shells see them
#   make check-deb          the .deb in a fresh Debian 12 chroot (root, debootstrap, network)
#   make cli-docs           rewrite docs/content/reference/commands.md from the commands' declarations
#
# PREFIX (default ~/.local) and DESTDIR are honoured, as are BINDIR, MANDIR, BASHCOMPDIR and
# ZSHCOMPDIR (see scripts/install).

PREFIX ?= $(HOME)/.local
DESTDIR ?=
export PREFIX DESTDIR BINDIR MANDIR BASHCOMPDIR ZSHCOMPDIR

.PHONY: all build install uninstall deb tarball dist test check-install check-completions check-deb cli-docs

all: build

build:
	scripts/build-release

install:
	scripts/install

uninstall:
	scripts/install --uninstall

deb:
	scripts/package-deb

tarball:
	scripts/package-tarball

dist: deb tarball

test:
	swift test

check-install:
	scripts/test-install

check-completions: build
	scripts/test-completions "$$(scripts/build-release 2>/dev/null)"

check-deb: deb
	scripts/test-deb-in-chroot

cli-docs:
	scripts/generate-cli-docs
