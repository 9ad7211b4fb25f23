# Shared by scripts/demo, scripts/test and scripts/zts-php: installing what is missing, the
# trixie chroot for newer PHP versions, and building bench.so out of tree.
# Sourced, not run.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work="$top/.work"
chroot_dir="${BENCH_CHROOT:-/var/tmp/bench-trixie}"
jobs=$(nproc 2>/dev/null || echo 2)

say() { printf '== %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=no
# apt_install PKG...: installs the packages that are not installed yet.
apt_install() {
	local missing=() pkg
	for pkg in "$@"; do
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$apt_updated" = no ]; then
		say "apt-get update"
		as_root apt-get update -qq >/dev/null || die "apt-get update failed"
		apt_updated=yes
	fi
	say "installing ${missing[*]}"
	mkdir -p "$work"
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$work/apt.log" 2>&1 \
		|| die "apt-get install ${missing[*]} failed (see $work/apt.log)"
	# Debian's Xdebug enables itself for every PHP run; the tests that want it load it themselves.
	if printf '%s\n' "${missing[@]}" | grep -q xdebug; then
		as_root phpdismod -v ALL -s ALL xdebug
	fi
}

# protoc with pprof's profile.proto decodes pprof output; the pprof tool itself is built from Debian's Go sources.
# The viewers and installers the tests open bench's outputs and packages with: flamegraph.pl (in libdevel-nytprof-perl),
# xmllint, composer and pecl (php-pear); python3-jsonschema checks JSON profiles; phpunit and Xdebug for the cost recipes;
# chromium opens the report command's SVG and HTML pages.
host_packages="php8.2-cli php8.2-cgi php8.2-dev php8.2-opcache php8.2-sqlite3 php8.2-fpm libfcgi-bin gcc make pkg-config libzstd-dev zlib1g-dev libunwind-dev valgrind zstd strace
	protobuf-compiler golang-go golang-github-google-pprof-dev golang-github-ianlancetaylor-demangle-dev golang-github-chzyer-readline-dev
	python3-jsonschema libdevel-nytprof-perl libxml2-utils composer php-pear phpunit php8.2-xdebug chromium"

# The Debian mirror this machine already uses, read from its apt sources.
debian_mirror() {
	local uri
	uri=$(grep -hE '^(deb|URIs:)' /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
		| grep -vE 'security|updates|nodistro|apt/?$' | grep -oE 'https?://[^ ]+/debian/?' | head -n 1)
	[ -n "$uri" ] || die "no Debian mirror found in /etc/apt/sources.list*"
	echo "${uri%/}"
}

# The chroot's apt must never write the mirror's name into the repository:
# it lives in the chroot only.
chroot_run() {
	as_root chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

# /proc, and the host's pseudo-terminals (the report command's progress shows on a terminal only: a test runs it
# on one with script(1)).
chroot_mount() {
	mountpoint -q "$chroot_dir/proc" || as_root mount -t proc proc "$chroot_dir/proc"
	mountpoint -q "$chroot_dir/dev/pts" || as_root mount --bind /dev/pts "$chroot_dir/dev/pts"
}

chroot_umount() {
	mountpoint -q "$chroot_dir/dev/pts" 2>/dev/null && as_root umount "$chroot_dir/dev/pts" || true
	mountpoint -q "$chroot_dir/proc" 2>/dev/null && as_root umount "$chroot_dir/proc" || true
}

chroot_packages="php8.4-cli php8.4-cgi php8.4-dev php8.4-opcache php8.4-fpm libfcgi-bin gcc make pkg-config libzstd-dev zlib1g-dev libunwind-dev valgrind zstd strace protobuf-compiler golang-github-google-pprof-dev
	python3-jsonschema libdevel-nytprof-perl libxml2-utils composer php-pear phpunit"

# build_pprof OUT: builds Google's pprof tool from Debian's packaged Go sources (offline, GOPATH mode).
build_pprof() {
	local out=$1
	[ -x "$out" ] && return 0
	GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE="$work/gocache" GOFLAGS= go build -o "$out" github.com/google/pprof \
		>"$work/logs/pprof-build.log" 2>&1
}

# install_speedscope DIR: speedscope (a web page that opens Chrome traces) from its npm package, unpacked into
# DIR once, pinned; it runs offline after. npm comes with Node (Debian's npm package, or Node's own builds).
install_speedscope() {
	local dir=$1 tmp rc
	[ -f "$dir/package/dist/release/index.html" ] && return 0
	command -v npm >/dev/null || dpkg-query -W -f='${Status}' nodejs 2>/dev/null | grep -q "install ok installed" || apt_install npm
	command -v npm >/dev/null || return 1
	tmp=$(mktemp -d) || return 1
	(cd "$tmp" && npm pack speedscope@1.25.0) >"$work/logs/speedscope.log" 2>&1 \
		&& mkdir -p "$dir" && tar -xzf "$tmp/speedscope-1.25.0.tgz" -C "$dir"
	rc=$?
	rm -rf "$tmp"
	return $rc
}

# A Debian trixie chroot with PHP 8.4, made once and kept.
chroot_setup() {
	local mirror
	mirror=$(debian_mirror)
	if [ ! -x "$chroot_dir/usr/bin/apt-get" ]; then
		apt_install debootstrap
		say "debootstrap trixie into $chroot_dir"
		as_root rm -rf "$chroot_dir"
		as_root debootstrap --variant=minbase trixie "$chroot_dir" "$mirror" >"$work/debootstrap.log" 2>&1 \
			|| die "debootstrap failed, see $work/debootstrap.log"
	fi
	as_root sh -c "echo 'deb $mirror trixie main' > '$chroot_dir/etc/apt/sources.list'"
	# Left by a run interrupted while it installed PHP 8.5 (below).
	as_root rm -f "$chroot_dir/etc/apt/sources.list.d/php85.list" "$chroot_dir/etc/apt/sources.list.d/experimental.list" \
		"$chroot_dir/etc/apt/preferences.d/php85"
	chroot_mount
	if ! chroot_run sh -c "command -v php8.4 >/dev/null && command -v phpize8.4 >/dev/null && command -v valgrind >/dev/null && command -v zstd >/dev/null && command -v cgi-fcgi >/dev/null && command -v strace >/dev/null && command -v php-fpm8.4 >/dev/null && command -v php-cgi8.4 >/dev/null && command -v protoc >/dev/null && command -v composer >/dev/null && command -v phpunit >/dev/null && command -v pecl >/dev/null && command -v xmllint >/dev/null && test -f /usr/include/zlib.h && test -f /usr/share/perl5/Devel/NYTProf/flamegraph.pl && python3 -c 'import jsonschema'"; then
		say "installing PHP 8.4 in the chroot"
		chroot_run apt-get update -qq >"$work/chroot-apt.log" 2>&1 || die "apt-get update in the chroot failed (see $work/chroot-apt.log)"
		chroot_run apt-get install -y -qq --no-install-recommends $chroot_packages >>"$work/chroot-apt.log" 2>&1 \
			|| die "apt-get install in the chroot failed (see $work/chroot-apt.log)"
	fi
}

# PHP 8.5, from Debian's experimental suite, with the few libraries it needs
# from unstable (the mirror serves experimental's Release file expired).
# Unstable is pinned below trixie, so that nothing of trixie's is upgraded or
# removed (apt gives up instead), and both suites are listed only while it
# installs: the chroot stays trixie's.
php85_packages="php8.5-cli php8.5-cgi php8.5-dev php8.5-fpm"
php85_install() {
	local mirror rc=0
	chroot_run sh -c "command -v php8.5 >/dev/null && command -v phpize8.5 >/dev/null && command -v php-fpm8.5 >/dev/null && command -v php-cgi8.5 >/dev/null" \
		&& return 0
	mirror=$(debian_mirror)
	say "installing PHP 8.5 from experimental in the chroot"
	as_root sh -c "printf 'deb %s experimental main\ndeb %s sid main\n' '$mirror' '$mirror' > '$chroot_dir/etc/apt/sources.list.d/php85.list'"
	as_root sh -c "printf 'Package: *\nPin: release a=unstable\nPin-Priority: 100\n' > '$chroot_dir/etc/apt/preferences.d/php85'"
	{ chroot_run apt-get -o Acquire::Check-Valid-Until=false update -qq \
		&& chroot_run apt-get install -y -qq --no-install-recommends --no-remove -t experimental $php85_packages; } \
		>"$work/chroot-apt-8.5.log" 2>&1 || rc=1
	as_root rm -f "$chroot_dir/etc/apt/sources.list.d/php85.list" "$chroot_dir/etc/apt/preferences.d/php85"
	chroot_run apt-get update -qq >/dev/null 2>&1 || true
	return $rc
}

# Where PHP 8.5 does not install (experimental's packages do not always
# install together), its headers alone: php8.5-dev unpacked, not installed.
# Prints the include directory.
php85_headers() {
	local mirror dest=/opt/php8.5
	mirror=$(debian_mirror)
	if ! chroot_run sh -c "ls -d $dest/usr/include/php/*/main >/dev/null 2>&1"; then
		say "fetching php8.5-dev from experimental"
		as_root sh -c "echo 'deb $mirror experimental main' > '$chroot_dir/etc/apt/sources.list.d/experimental.list'"
		chroot_run apt-get -o Acquire::Check-Valid-Until=false update -qq >/dev/null \
			|| die "apt-get update (experimental) failed"
		chroot_run sh -c "cd /tmp && rm -f php8.5-dev_*.deb && apt-get download -qq -t experimental php8.5-dev && dpkg -x php8.5-dev_*.deb $dest" >/dev/null \
			|| die "php8.5-dev could not be fetched"
		as_root rm -f "$chroot_dir/etc/apt/sources.list.d/experimental.list"
		chroot_run apt-get update -qq >/dev/null || true
	fi
	chroot_run sh -c "ls -d $dest/usr/include/php/*/ | head -n 1"
}

# copy_sources DIR: the files of the repository (tracked or new, not ignored).
copy_sources() {
	local dest=$1
	as_root rm -rf "$dest"
	as_root mkdir -p "$dest"
	if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$top" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - --) | as_root tar -xf - -C "$dest"
	else
		(cd "$top" && tar -cf - --exclude=.work .) | as_root tar -xf - -C "$dest"
	fi
}

# build_in DIR PHPIZE PHP_CONFIG [chroot]: builds DIR/modules/bench.so with
# warnings as errors; the build's output goes to DIR/build.log, shown on failure.
build_in() {
	local dir=$1 phpize=$2 php_config=$3 where=${4:-host} rc
	local script="cd '$dir' && { $phpize && ./configure --with-php-config=$php_config --enable-bench --enable-bench-dev && make -j$jobs; } >build.log 2>&1"
	if [ "$where" = chroot ]; then
		chroot_run bash -c "$script"
		rc=$?
		[ $rc -eq 0 ] || tail -n 40 "$chroot_dir$dir/build.log" >&2
	else
		bash -c "$script"
		rc=$?
		[ $rc -eq 0 ] || tail -n 40 "$dir/build.log" >&2
	fi
	return $rc
}
