/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>
#include "php.h"
#include "tree.h"

/*
 * Names a tree's native frames (sample mode's bench.native_stacks), when its
 * profile is written: the writer thread reads each library's ELF symbols.
 */

/** An ELF file mapped for reading its symbols. */
typedef struct {
	char path[PATH_MAX];
	const unsigned char *data;
	size_t size;
	const Elf64_Sym *symbols;
	size_t nsymbols;
	const char *names;
	size_t names_size;
	/** whether symbol values are relative to the load address (a shared object or PIE) */
	bool relative;
} bench_native_elf;

/* Maps path and finds its symbol table (.symtab where not stripped, else .dynsym). */
static bool bench_native_open(bench_native_elf *elf, const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	memset(elf, 0, sizeof(*elf));
	snprintf(elf->path, sizeof(elf->path), "%s", path);
	if (fd < 0) {
		return false;
	}
	if (fstat(fd, &st) != 0 || (size_t) st.st_size < sizeof(Elf64_Ehdr)) {
		close(fd);
		return false;
	}
	void *map = mmap(NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		return false;
	}
	elf->data = map;
	elf->size = (size_t) st.st_size;

	const Elf64_Ehdr *eh = (const Elf64_Ehdr *) elf->data;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64
			|| eh->e_shoff == 0 || eh->e_shoff + (size_t) eh->e_shnum * sizeof(Elf64_Shdr) > elf->size) {
		return true;
	}
	elf->relative = eh->e_type == ET_DYN;
	const Elf64_Shdr *sections = (const Elf64_Shdr *) (elf->data + eh->e_shoff);
	for (int want = SHT_SYMTAB; want; want = want == SHT_SYMTAB ? SHT_DYNSYM : 0) {
		for (int i = 0; i < eh->e_shnum; i++) {
			const Elf64_Shdr *sh = &sections[i];
			if (sh->sh_type != (Elf64_Word) want || sh->sh_link >= eh->e_shnum) {
				continue;
			}
			const Elf64_Shdr *strings = &sections[sh->sh_link];
			if (sh->sh_offset + sh->sh_size > elf->size || strings->sh_offset + strings->sh_size > elf->size) {
				continue;
			}
			elf->symbols = (const Elf64_Sym *) (elf->data + sh->sh_offset);
			elf->nsymbols = sh->sh_size / sizeof(Elf64_Sym);
			elf->names = (const char *) elf->data + strings->sh_offset;
			elf->names_size = strings->sh_size;
			return true;
		}
	}
	return true;
}

static void bench_native_close(bench_native_elf *elf)
{
	if (elf->data) {
		munmap((void *) elf->data, elf->size);
	}
	memset(elf, 0, sizeof(*elf));
}

/* The function symbol that holds value, and the offset into it. */
static const char *bench_native_lookup(const bench_native_elf *elf, uintptr_t value, uintptr_t *offset)
{
	for (size_t i = 0; i < elf->nsymbols; i++) {
		const Elf64_Sym *sym = &elf->symbols[i];
		if (ELF64_ST_TYPE(sym->st_info) == STT_FUNC && sym->st_value <= value && value < sym->st_value + sym->st_size
				&& sym->st_name < elf->names_size) {
			*offset = value - sym->st_value;
			return elf->names + sym->st_name;
		}
	}
	return NULL;
}

/*
 * The main program's file, to read and to name. dladdr() names it by argv[0],
 * which php-fpm rewrites into its process title ("php-fpm: pool www").
 */
static struct {
	pthread_once_t once;
	const void *base;
	char path[PATH_MAX];
} bench_native_exe = {.once = PTHREAD_ONCE_INIT};

/* Once per process: the writer thread and a request with bench.report on may both symbolize. */
static void bench_native_find_exe(void)
{
	Dl_info info;

	if (dladdr((void *) getauxval(AT_PHDR), &info)) {
		ssize_t len = readlink("/proc/self/exe", bench_native_exe.path, sizeof(bench_native_exe.path) - 1);
		if (len > 0) {
			bench_native_exe.path[len] = '\0';
			bench_native_exe.base = info.dli_fbase;
		}
	}
}

static void bench_native_main_program(const Dl_info *info, const char **path, const char **base)
{
	pthread_once(&bench_native_exe.once, bench_native_find_exe);
	if (bench_native_exe.base && info->dli_fbase == bench_native_exe.base) {
		*path = bench_native_exe.path;
		*base = strrchr(*path, '/') ? strrchr(*path, '/') + 1 : *path;
	}
}

void bench_tree_symbolize(bench_profile_state *p)
{
	bench_native_elf elf = {0};

	for (uint32_t f = 0; f < p->funcs_used; f++) {
		bench_profile_func *func = &p->funcs[f];
		Dl_info info;
		char *name = NULL;

		if (!func->native_ip || func->symbolized) {
			continue;
		}
		/* A return address points after its call: ip - 1 lies inside the calling function. */
		uintptr_t ip = func->native_ip - 1, offset = 0;
		if (dladdr((void *) ip, &info) && info.dli_fname) {
			const char *path = info.dli_fname;
			const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
			bench_native_main_program(&info, &path, &base);
			if (strcmp(elf.path, path) != 0) {
				bench_native_close(&elf);
				bench_native_open(&elf, path);
			}
			uintptr_t value = elf.relative ? ip - (uintptr_t) info.dli_fbase : ip;
			const char *symbol = bench_native_lookup(&elf, value, &offset);
			if (symbol) {
				/* By function, not by call site: flame graphs then merge a function's frames. */
				(void) !asprintf(&name, "%s (%s)", symbol, base);
			} else {
				(void) !asprintf(&name, "%s+0x%lx", base, (unsigned long) (ip + 1 - (uintptr_t) info.dli_fbase));
			}
		}
		if (name) {
			free(func->name);
			func->name = name;
		}
		func->symbolized = true;
	}
	bench_native_close(&elf);
}
