/*
 * deny_syscall WHAT COMMAND [ARG...]: runs COMMAND under a seccomp filter,
 * as in a hardened service or container, that makes a system call fail with
 * EPERM. WHAT is one of:
 *   process_vm_readv  every process_vm_readv;
 *   bare_clone        a clone() of a thread without its own TLS (what
 *                     pthread_create never does: it uses clone3 or CLONE_SETTLS);
 *   threads           every new thread: clone3, and clone() with CLONE_THREAD;
 *   linkat            every linkat;
 *   link_fd           a linkat of a descriptor itself (AT_EMPTY_PATH), with
 *                     ENOENT, as kernels before 6.10 answer a process
 *                     without CAP_DAC_READ_SEARCH;
 *   tmpfile           an open() or openat() of an unnamed file (O_TMPFILE), with
 *                     EOPNOTSUPP, as on a file system that has none;
 *   guard_page        an mprotect() of one 4 KiB page to PROT_NONE (a thread
 *                     stack's guard page), with ENOMEM;
 *   flock             a flock() that waits for an exclusive lock, with ENOLCK.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define DENY BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
#define UNSUPPORTED BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EOPNOTSUPP & SECCOMP_RET_DATA))
#define NO_ENTRY BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOENT & SECCOMP_RET_DATA))
#define NO_MEMORY BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOMEM & SECCOMP_RET_DATA))
#define NO_LOCK BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOLCK & SECCOMP_RET_DATA))
/* The flag that makes O_TMPFILE, without the O_DIRECTORY it also carries. */
#define TMPFILE_BIT (O_TMPFILE & ~O_DIRECTORY)
#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
/* A filter that refuses every call of one system call. */
#define DENY_EVERY(call) { \
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)), \
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (call), 0, 1), \
		DENY, \
		ALLOW, \
	}

int main(int argc, char **argv)
{
	struct sock_filter vm_readv[] = DENY_EVERY(__NR_process_vm_readv);
	/* The flags are clone's first argument on x86-64 and arm64; their low half is enough. */
	struct sock_filter bare_clone[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 2),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_SETTLS, 1, 0),
		DENY,
		ALLOW,
	};
	struct sock_filter threads[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1),
		DENY,
		ALLOW,
	};
	struct sock_filter linkat[] = DENY_EVERY(__NR_linkat);
	/* linkat's flags are its fifth argument. */
	struct sock_filter link_fd[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_linkat, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[4])),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, AT_EMPTY_PATH, 0, 1),
		NO_ENTRY,
		ALLOW,
	};
	/* openat's flags are its third argument; open's (where the system has it: musl calls it) its second. */
	struct sock_filter tmpfile[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 0, 1),
		BPF_JUMP(BPF_JMP | BPF_JA, 3, 0, 0),
#ifdef __NR_open
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])),
		BPF_JUMP(BPF_JMP | BPF_JA, 1, 0, 0),
#else
		ALLOW,
		ALLOW,
		ALLOW,
#endif
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2])),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, TMPFILE_BIT, 0, 1),
		UNSUPPORTED,
		ALLOW,
	};
	/* mprotect's length and protection are its second and third arguments. */
	struct sock_filter guard_page[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 4096, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PROT_NONE, 0, 1),
		NO_MEMORY,
		ALLOW,
	};
	/* flock's operation is its second argument: LOCK_EX alone waits. */
	struct sock_filter flock[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_flock, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, LOCK_EX, 0, 1),
		NO_LOCK,
		ALLOW,
	};
	struct sock_fprog prog;

	if (argc < 3) {
		fprintf(stderr, "usage: deny_syscall process_vm_readv|bare_clone|threads|linkat|link_fd|tmpfile|guard_page|flock COMMAND [ARG...]\n");
		return 2;
	}
	if (strcmp(argv[1], "process_vm_readv") == 0) {
		prog = (struct sock_fprog) {.len = sizeof(vm_readv) / sizeof(vm_readv[0]), .filter = vm_readv};
	} else if (strcmp(argv[1], "bare_clone") == 0) {
		prog = (struct sock_fprog) {.len = sizeof(bare_clone) / sizeof(bare_clone[0]), .filter = bare_clone};
	} else if (strcmp(argv[1], "threads") == 0) {
		prog = (struct sock_fprog) {.len = sizeof(threads) / sizeof(threads[0]), .filter = threads};
	} else if (strcmp(argv[1], "linkat") == 0) {
		prog = (struct sock_fprog) {.len = sizeof(linkat) / sizeof(linkat[0]), .filter = linkat};
	} else if (strcmp(argv[1], "link_fd") == 0) {
		prog = (struct sock_fprog) {.len = sizeof(link_fd) / sizeof(link_fd[0]), .filter = link_fd};
	} else if (strcmp(argv[1], "tmpfile") == 0) {
		prog = (struct sock_fprog) {.len = sizeof(tmpfile) / sizeof(tmpfile[0]), .filter = tmpfile};
	} else if (strcmp(argv[1], "guard_page") == 0) {
		prog = (struct sock_fprog) {.len = sizeof(guard_page) / sizeof(guard_page[0]), .filter = guard_page};
	} else if (strcmp(argv[1], "flock") == 0) {
		prog = (struct sock_fprog) {.len = sizeof(flock) / sizeof(flock[0]), .filter = flock};
	} else {
		fprintf(stderr, "deny_syscall: unknown %s\n", argv[1]);
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
		perror("deny_syscall: seccomp");
		return 2;
	}
	execvp(argv[2], argv + 2);
	perror("deny_syscall: exec");
	return 2;
}
