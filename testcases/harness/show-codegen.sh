#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# show-codegen.sh - compile the bad and the fixed build of one
# testcases/<id>/repro.c with gcc and clang for x86-64 and arm64 (-O2),
# print the assembly of the function its "// codegen:" tag names, and say,
# from that assembly alone, what the compiler did to the ordering the code
# relies on.  The hardware of this machine cannot show a broken control
# or address dependency; the compiler's part of the bug can be shown
# anywhere.
#
# usage: show-codegen.sh <id> | testcases/<id>/repro.c  [build-dir]
#   build-dir defaults to $TMPDIR (or /tmp); objects go to
#   <build-dir>/<id>-codegen-<compiler>-<variant>.o
#
# The tag, one line in repro.c (several lines: one report each):
#   // codegen: ctrl     <function> <head> <store>
#       is every store to <store> still ordered after the load of <head>:
#       after a conditional branch on the loaded value, or by a data or
#       address dependency, a release store, a barrier or an acquire load?
#       Says "hoisted" when a store comes before the first branch on <head>.
#   // codegen: poll     <function> <head> <store>
#       is <head> re-read inside the polling loop, or read once and the
#       loop hoisted or deleted?  Then the ctrl report for <store>.
#   // codegen: loadload <function> <flag> <data>
#       what orders the load of <data> after the (last) load of <flag>:
#       a barrier on every path into it, an acquire load, or only a branch?
#   // codegen: addr     <function> <head> <data>
#       for every load of <data> (a global or a struct object, found by
#       its address) and every load through a pointer computed from the
#       loaded <head>: is the address computed from the value of the <head>
#       load ("address depends on the load of <head>"), or from a constant
#       address or relocation ("dependency removed")?  Says "hoisted" when
#       such a load comes before the head load.  How <head> is loaded (once
#       or more, and on arm64 whether as an acquire), and on arm64 what
#       orders each load after it: the address dependency, an acquire head
#       (ldar), a dmb, or nothing.
#   // codegen: order    <function> <first> <second>
#       is every access of <second> still after the first access of
#       <first> in the code, and what orders it after that access, by
#       their kinds (load->store for LB, store->store for MP's writer and
#       2+2W, store->load for SB): on x86-64 TSO itself except
#       store->load, which needs a locked instruction or mfence; on arm64
#       a dmb of the right kind, an acquire first, a release second, or
#       for load->store a dependency or a branch on the loaded value.
#
# Output, per tag: for each compiler and variant the command, the listing
# (each access annotated with the variable it reaches) and the verdict
# lines; "same code" when bad and fixed compile alike; then a summary, one
# line per compiler and variant.
#
# How the assembly is read: `objdump -dr` of the object file; relocations
# and a per-register value tracker (adrp/add/lea/mov/cmov/csel, reset at
# calls, except for what a callee in the same object that calls nothing
# leaves alone) turn each memory operand into a symbol from `objdump -t`; a second
# tracker marks every register and flag computed from the loaded <head>
# (or <flag>), so a branch, a select, a stored value or an address "depends
# on" the load only if the data flow says so (a value that passes through
# the flags of a comparison and a setcc/cset/csel/cmov counts as data flow;
# the addr verdict names such a select when the address may come from the
# flags alone, i.e. the other input does not depend on the load).  Code is
# walked once in address order; at the target of a forward branch the
# states of the paths that reach it are merged, back edges are not
# followed.  "Before" and "after" are address order, which is path order
# for the straight-line and if/else code the repros contain; a verdict
# about other shapes needs a human look.
#
# Exit status: 0 when every compiler found built both variants and the
# tagged function was found; 1 otherwise; 2 on bad usage.  A compiler that
# is not installed is reported as skipped, not as a failure.
set -u

usage() {
	echo "usage: $0 <id>|testcases/<id>/repro.c [build-dir]" >&2
	exit 2
}

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	usage
fi
harness=$(cd "$(dirname "$0")" && pwd)
if [ -f "$1" ]; then
	repro=$1
else
	repro=$harness/../$1/repro.c
fi
[ -f "$repro" ] || { echo "$0: no repro.c for '$1'" >&2; exit 2; }
id=$(basename "$(cd "$(dirname "$repro")" && pwd)")
builddir=${2:-${TMPDIR:-/tmp}}
mkdir -p "$builddir" || exit 1
cflags="-O2 -Wall -Wextra -Werror -std=gnu11"

tags=$(sed -n 's|^// codegen: *||p' "$repro")
if [ -z "$tags" ]; then
	echo "$0: $repro has no '// codegen:' line" >&2
	exit 2
fi

# name|arch|compiler command|objdump
compilers="gcc|x86-64|gcc|objdump
clang|x86-64|clang|objdump
aarch64-linux-gnu-gcc|arm64|aarch64-linux-gnu-gcc|aarch64-linux-gnu-objdump
clang --target=aarch64-linux-gnu|arm64|clang --target=aarch64-linux-gnu|aarch64-linux-gnu-objdump"

# The analysis: reads `objdump -t` (symbols) then `objdump -dr` of one
# function, prints the annotated listing, the verdict lines and one
# "summary:" line.  Variables: arch, check, head, store (the tag's last
# field: <store>, or <data> for loadload and addr).
analyse='
function hexval(s,   i, c, v) {
	sub(/^0x/, "", s); v = 0
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", tolower(substr(s, i, 1)))
		if (c == 0) break
		v = v * 16 + c - 1
	}
	return v
}
function hex(v) { return sprintf("0x%x", v) }
# an immediate as objdump prints it: "#16", "#0x14", "#-0x10", "-0x4"
function immval(s,   neg) {
	sub(/^#/, "", s); neg = sub(/^-/, "", s)
	s = (s ~ /^0x/) ? hexval(s) : s + 0
	return neg ? -s : s
}
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
# split operands on commas outside () and []
function split_ops(s, ops,   n, i, c, depth, cur) {
	n = 0; depth = 0; cur = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(" || c == "[") depth++
		if (c == ")" || c == "]") depth--
		if (c == "," && depth == 0) { ops[++n] = trim(cur); cur = ""; continue }
		cur = cur c
	}
	if (trim(cur) != "") ops[++n] = trim(cur)
	return n
}
# canonical register name, "" if s is not a register
function reg(s,   r) {
	r = s
	if (arch == "x86-64") {
		if (r !~ /^%/) return ""
		sub(/^%/, "", r)
		if (r ~ /^r[0-9]+[dwb]?$/) { sub(/[dwb]$/, "", r); return r }
		if (r ~ /^[re]?[abcd]x$/ || r ~ /^[abcd][lh]$/) return substr(r, length(r) - 1, 1)
		if (r ~ /^[re]?(si|di|bp|sp)l?$/) { gsub(/^[re]|l$/, "", r); return r }
		if (r == "rip") return "rip"
		return ""
	}
	if (r ~ /^[wx][0-9]+$/) return "r" substr(r, 2)
	if (r == "sp" || r == "wsp") return "sp"
	return ""
}
# resolve "sym+0xoff" / "sym-0xoff" (plus extra) to "section:offset" or a name
function resolve(t, extra,   sym, off, p, sgn) {
	sym = t; off = 0
	p = match(t, /[+-]0x[0-9a-f]+$/)
	if (p) {
		sym = substr(t, 1, p - 1)
		sgn = substr(t, p, 1)
		off = hexval(substr(t, p + 1))
		if (sgn == "-") off = -off
	}
	off += extra
	if (sym ~ /^\./) return sym ":" off
	if (sym in symsec) return symsec[sym] ":" (symval[sym] + off)
	return sym (off ? "+" off : "")
}
# "section:offset" to the object that contains it
function name_of(loc,   p, sec, off, s) {
	p = index(loc, ":")
	if (!p) return loc
	sec = substr(loc, 1, p - 1); off = substr(loc, p + 1) + 0
	for (s in symsec)
		if (symkind[s] == "O" && symsec[s] == sec &&
		    off >= symval[s] && off < symval[s] + (symsize[s] > 0 ? symsize[s] : 1))
			return s (off > symval[s] ? "+" (off - symval[s]) : "")
	return sec "+" hex(off)
}
function names_of(set,   n, i, parts, out) {
	n = split(set, parts, "|"); out = ""
	for (i = 1; i <= n; i++) out = out (i > 1 ? "|" : "") name_of(parts[i])
	return out
}
function add_off(set, d,   n, i, parts, out, p) {
	n = split(set, parts, "|"); out = ""
	for (i = 1; i <= n; i++) {
		p = index(parts[i], ":")
		if (!p) return ""
		out = out (i > 1 ? "|" : "") substr(parts[i], 1, p) (substr(parts[i], p + 1) + d)
	}
	return out
}
# ---- register state: val[r] (address set), tnt[r] (depends on the load), ftnt;
# tnd[r]: depends on the load through register data flow alone, without the
# flags (used by the addr verdict only)
function kill(r) { if (r != "") { delete val[r]; tnt[r] = 0; tnd[r] = 0 } }
function save(   r, s) {
	s = "F=" ftnt
	for (r in val) s = s ";v" r "=" val[r]
	for (r in tnt) if (tnt[r]) s = s ";t" r "=1"
	for (r in tnd) if (tnd[r]) s = s ";d" r "=1"
	return s
}
function load(s,   n, i, kv, p, k) {
	split("", val); split("", tnt); split("", tnd)
	n = split(s, kv, ";")
	for (i = 1; i <= n; i++) {
		p = index(kv[i], "="); k = substr(kv[i], 1, p - 1)
		if (k == "F") ftnt = substr(kv[i], p + 1) + 0
		else if (substr(k, 1, 1) == "v") val[substr(k, 2)] = substr(kv[i], p + 1)
		else if (substr(k, 1, 1) == "d") tnd[substr(k, 2)] = 1
		else tnt[substr(k, 2)] = 1
	}
}
# merge two saved states: addresses kept where equal, dependence ORed
function merge(a, b,   va, vb, ta, tb, fa, r, s, da) {
	load(a); fa = ftnt
	for (r in val) va[r] = val[r]
	for (r in tnt) ta[r] = tnt[r]
	for (r in tnd) da[r] = tnd[r]
	load(b)
	s = "F=" (fa || ftnt)
	for (r in val) if ((r in va) && va[r] == val[r]) s = s ";v" r "=" val[r]
	for (r in ta) if (ta[r]) tnt[r] = 1
	for (r in tnt) if (tnt[r]) s = s ";t" r "=1"
	for (r in da) if (da[r]) tnd[r] = 1
	for (r in tnd) if (tnd[r]) s = s ";d" r "=1"
	return s
}
BEGIN { FS = "\t" }
# symbol table lines come first, until the marker
phase == 0 && /^----callees$/ { phase = 2; next }
phase == 2 && /^----disasm$/ { phase = 1; next }
# the whole object: which registers each function in it mentions, and
# whether it calls out (then a call to it clobbers what the ABI says)
phase == 2 {
	if ($0 ~ /^[0-9a-f]+ <[^>]+>:$/) { cf = $0; sub(/^[0-9a-f]+ </, "", cf); sub(/>:$/, "", cf); cdef[cf] = 1; next }
	if ($0 !~ /^ *[0-9a-f]+:\t/) next
	t = $0; t = substr(t, index(t, ":") + 2)
	if (arch == "x86-64") sub(/[ ]+#.*$/, "", t); else sub(/[ \t]*\/\/.*$/, "", t)
	gsub(/\t/, " ", t); t = trim(t); cm = t; sub(/ .*/, "", cm)
	# padding (nopl 0x0(%rax), xchg %ax,%ax) uses no register
	if (t ~ /(^| )nop/ || t == "xchg %ax,%ax") next
	if (arch == "x86-64" ? (cm ~ /^(call|rep|div|idiv|mul|cq|cl|cw|cd|cpuid|rdtsc|syscall|stos|movs|lods|scas|cmps|cmpxchg|xgetbv)/) : (cm ~ /^(bl|blr|br|svc|hvc)$/)) callsout[cf] = 1
	# a jump to another function is a tail call
	if (match(t, /<[^>]+>$/)) { tg = substr(t, RSTART + 1, RLENGTH - 2); sub(/[+-]0x[0-9a-f]+$/, "", tg); if (tg != cf && cm ~ /^(j|b)/) callsout[cf] = 1 }
	nt = split(t, tk, /[ ,()\[\]!{}]+/)
	for (k = 1; k <= nt; k++) { rr = reg(tk[k]); if (rr != "") cregs[cf SUBSEP rr] = 1 }
	next
}
phase == 0 {
	if (NF < 2) next
	n = split($1, a, / +/); sec = a[n]
	split($2, b, / /); sz = hexval(b[1]); nm = b[2]
	if (nm == "" || sec ~ /^\*/) next
	kind = (substr($1, 24, 1) == "F") ? "F" : (substr($1, 24, 1) == "O") ? "O" : ""
	if (kind == "") next
	symsec[nm] = sec; symval[nm] = hexval(a[1]); symsize[nm] = sz; symkind[nm] = kind
	next
}
# relocation line: belongs to the instruction above it
/^\t\t\t[0-9a-f]+: R_/ {
	split($0, r, /[ \t]+/)
	relpos[ni] = hexval(r[2]); reltype[ni] = r[3]; reltgt[ni] = r[4]
	next
}
/^ *[0-9a-f]+:\t/ {
	ni++
	p = index($0, ":")
	ad[ni] = hexval(trim(substr($0, 1, p - 1)))
	txt = substr($0, p + 2)
	if (arch == "x86-64") sub(/[ ]+#.*$/, "", txt)
	else sub(/[ \t]*\/\/.*$/, "", txt)
	gsub(/\t/, " ", txt)
	raw[ni] = trim(txt)
	next
}
END {
	nins = ni
	for (i = 1; i <= nins; i++) {
		t = raw[i]; m = t; sub(/ .*/, "", m); ops_s = t; sub(/^[^ ]+ */, "", ops_s)
		if (arch == "x86-64")
			while (m ~ /^(lock|rep|repz|repnz|notrack|bnd|cs|ds|data16)$/) {
				if (m == "lock") locked[i] = 1
				m = ops_s; sub(/ .*/, "", m); sub(/^[^ ]+ */, "", ops_s)
			}
		mn[i] = m; opstr[i] = ops_s
		# branch targets: "<hex> <sym+off>"
		if (arch == "x86-64" ? (m ~ /^j/) : (m == "b" || m ~ /^b\./ || m ~ /^(cbz|cbnz|tbz|tbnz)$/)) {
			if (match(ops_s, /[0-9a-f]+ <[^>]*>$/)) {
				tg = substr(ops_s, RSTART); sub(/ .*/, "", tg)
				btgt[i] = hexval(tg)
				if (reltype[i] ~ /PLT32|JUMP26|CALL26|PC32/) btgt[i] = -1
			} else btgt[i] = -1
		}
	}
	fstart = ad[1]; fend = ad[nins]
	# a branch out of the function is a tail call, not control flow here
	for (i = 1; i <= nins; i++) if ((i in btgt) && (btgt[i] < fstart || btgt[i] > fend)) btgt[i] = -1
	for (i = 1; i <= nins; i++) if ((i in btgt) && btgt[i] > ad[i]) isfwd[btgt[i]] = 1

	split("", val); split("", tnt); ftnt = 0; prev_uncond = 0
	for (i = 1; i <= nins; i++) {
		A = ad[i]; m = mn[i]
		if (A in snap) {
			st = snap[A]
			if (!prev_uncond) st = merge(save(), st)
			load(st)
		}
		nops = split_ops(opstr[i], op)
		acc[i] = ""; akind[i] = ""; ann[i] = ""
		srct = 0; srcd = 0; memloc = ""; memop = 0
		cond_br = 0; uncond = 0; is_call = 0; sel = 0; sets_flags = 0; reads_flags = 0
		dst = ""; dst2 = ""; kind = ""; vreg = ""; areg = ""; nodst = 0
		if (arch == "x86-64") {
			for (k = 1; k <= nops; k++) if (op[k] ~ /\(/ && m != "lea" && m !~ /^nop/) memop = k
			if (memop) {
				mo = op[memop]; base = mo; sub(/^[^(]*\(/, "", base); sub(/[,)].*/, "", base)
				disp = mo; sub(/\(.*/, "", disp)
				dv = immval(disp)
				if (reg(base) == "rip" && relpos[i] != "") {
					nxt = (i < nins) ? ad[i + 1] : relpos[i] + 4
					memloc = resolve(reltgt[i], nxt - relpos[i])
				} else if (reg(base) in val) memloc = add_off(val[reg(base)], dv)
				areg = reg(base)
				# every register the address is computed from (base, index)
				ar = mo; sub(/^[^(]*\(/, "", ar); sub(/\).*$/, "", ar)
				nar = split(ar, arl, ",")
				for (k2 = 1; k2 <= nar; k2++) { rr = reg(trim(arl[k2])); if (rr != "" && rr != "rip") { if (tnt[rr]) adep[i] = 1; if (tnd[rr]) adepd[i] = 1 } }
			}
			if (m ~ /^j/ && m != "jmp") { cond_br = 1; reads_flags = 1 }
			else if (m == "jmp") uncond = 1
			else if (m ~ /^call/) is_call = 1
			else if (m ~ /^ret/ || m == "ud2") uncond = 1
			last = op[nops]
			if (m == "lea") {
				dst = reg(last)
				if (op[1] ~ /%rip/ && relpos[i] != "") {
					nxt = (i < nins) ? ad[i + 1] : relpos[i] + 4
					leaval = resolve(reltgt[i], nxt - relpos[i])
				} else leaval = ""
			}
			if (m ~ /^(cmp|test|bt)/) { sets_flags = 1; kind = memop ? "load" : "" }
			else if (memop && memop == nops && m ~ /^mov/) { kind = "store"; vreg = reg(op[1]) }
			else if (memop && memop == nops && m !~ /^(push|pop|j|call|prefetch|clflush|nop)/) { kind = "rmw"; vreg = reg(op[1]) }
			else if (memop && m !~ /^(push|pop|j|call|prefetch|clflush|nop)/) { kind = "load"; dst = reg(last) }
			else if (!memop && nops >= 1 && m !~ /^(push|j|call|ret|nop|pause|[lms]fence|cmp|test|bt)/ && m != "lea") dst = reg(last)
			if (m ~ /^(add|sub|and|or|xor|inc|dec|neg|adc|sbb|sh[lr]|sa[lr]|ro[lr]|imul|bsf|bsr|tzcnt|lzcnt|popcnt)/) sets_flags = 1
			if (m ~ /^(cmov|set|adc|sbb)/) { sel = 1; reads_flags = 1 }
			# sources: every register operand except a pure destination
			for (k = 1; k <= nops; k++) {
				if (k == memop) { if (areg != "" && tnt[areg]) srct = 1; if (areg != "" && tnd[areg]) srcd = 1; continue }
				# lea computes from the registers of its address operand
				if (m == "lea" && op[k] ~ /\(/) {
					ar = op[k]; sub(/^[^(]*\(/, "", ar); sub(/\).*$/, "", ar)
					nar = split(ar, arl, ",")
					for (k2 = 1; k2 <= nar; k2++) { rr = reg(trim(arl[k2])); if (rr != "" && rr != "rip") { if (tnt[rr]) srct = 1; if (tnd[rr]) srcd = 1 } }
					continue
				}
				rr = reg(op[k])
				if (rr == "" || rr == "rip") continue
				if (k == nops && (m ~ /^(mov|lea|set|pop)/) && m !~ /^cmov/) continue
				if (tnt[rr]) srct = 1
				if (tnd[rr]) srcd = 1
			}
			if (m ~ /^xor/ && nops == 2 && reg(op[1]) == reg(op[2])) { srct = 0; srcd = 0 }
			if (locked[i] || (memop && m ~ /^xchg/)) fence[i] = "locked " m
			if (m ~ /^[lms]fence$/) fence[i] = m
		} else {
			for (k = 1; k <= nops; k++) if (op[k] ~ /^\[/) memop = k
			if (memop) {
				mo = op[memop]; inner = mo; gsub(/[\[\]!]/, "", inner)
				ni2 = split(inner, mp, /, */)
				areg = reg(mp[1]); dv = 0
				if (ni2 >= 2 && mp[2] ~ /^#/) dv = immval(mp[2])
				if (reltype[i] ~ /LDST|LD_PREL|LO12/) memloc = resolve(reltgt[i], dv)
				else if (areg in val) memloc = add_off(val[areg], dv)
				for (k2 = 1; k2 <= ni2; k2++) { rr = reg(mp[k2]); if (rr != "") { if (tnt[rr]) adep[i] = 1; if (tnd[rr]) adepd[i] = 1 } }
			}
			if (m ~ /^b\./) { cond_br = 1; reads_flags = 1 }
			else if (m ~ /^(cbz|cbnz|tbz|tbnz)$/) { cond_br = 1; if (tnt[reg(op[1])]) srct = 1 }
			else if (m == "b" || m == "br" || m == "ret") uncond = 1
			else if (m == "bl" || m == "blr") is_call = 1
			if (m ~ /^(ldadd|ldclr|ldeor|ldset|ldsmax|ldsmin|ldumax|ldumin|swp|cas)/) { kind = "rmw"; dst = reg(op[2]); vreg = reg(op[1]) }
			else if (m ~ /^ld/ && memop) { kind = "load"; dst = reg(op[1]); if (m ~ /^ld[nx]?a?x?p$/ || m ~ /^ldp/) dst2 = reg(op[2]) }
			else if (m ~ /^(stadd|stclr|steor|stset|stsmax|stsmin|stumax|stumin)/) { kind = "rmw"; vreg = reg(op[1]) }
			else if (m ~ /^st[l]?x[rp]/) { kind = "store"; dst = reg(op[1]); vreg = reg(op[2]) }
			else if (m ~ /^st/ && memop) { kind = "store"; vreg = reg(op[1]) }
			else if (m ~ /^(cmp|cmn|tst|ccmp|ccmn)$/) { sets_flags = 1; nodst = 1 }
			else if (!cond_br && !uncond && !is_call && m !~ /^(dmb|dsb|isb|nop|yield|prfm|hint|adrp)$/ && nops >= 1) dst = reg(op[1])
			if (m == "adrp") dst = reg(op[1])
			if (m ~ /^(adds|subs|ands|bics|negs|adcs|sbcs)$/) sets_flags = 1
			if (m ~ /^(csel|csinc|csinv|csneg|cset|csetm|cinc|cinv|cneg)$/) { sel = 1; reads_flags = 1 }
			if (m ~ /^(adc|sbc|ccmp|ccmn)/) reads_flags = 1
			for (k = 1; k <= nops; k++) {
				if (k == memop) { if (areg != "" && tnt[areg]) srct = 1; if (areg != "" && tnd[areg]) srcd = 1; continue }
				if (k == 1 && kind != "store" && kind != "rmw" && !cond_br && !nodst) continue
				if (kind == "store" && dst != "" && k == 1) continue
				rr = reg(op[k]); if (rr != "" && tnt[rr]) srct = 1; if (rr != "" && tnd[rr]) srcd = 1
			}
			if (m == "dmb" || m == "dsb") fence[i] = m " " op[1]
			if (m ~ /^(ldar|ldapr|ldaxr|ldaxp)/ || m ~ /^(ldadd|ldclr|ldeor|ldset|swp|cas)[a-z]*a/) acqr[i] = 1
			if (m ~ /^(stlr|stlxr|stlxp)/ || m ~ /^(ldadd|ldclr|ldeor|ldset|swp|cas|stadd|stclr|steor|stset)[a-z]*l/) relr[i] = 1
		}
		if (reads_flags && ftnt) srct = 1

		# what this instruction touches
		if (memloc != "" && kind != "") {
			nm = names_of(memloc)
			acc[i] = nm; akind[i] = kind
			ann[i] = (kind == "load" ? "load " : kind == "store" ? "store " : "rmw ") nm
			if (kind == "store" || kind == "rmw") {
				sdata[i] = (vreg != "" && tnt[vreg]) ? 1 : 0
				saddr[i] = (areg != "" && tnt[areg]) ? 1 : 0
			}
		} else if (kind != "" && memop && areg !~ /^(sp|bp|r29)$/) ann[i] = kind " through a pointer"
		if (is_call || (uncond && (i in btgt) && btgt[i] < 0)) {
			t2 = reltgt[i]
			if (t2 == "" && match(opstr[i], /<[^>+]*/)) t2 = substr(opstr[i], RSTART + 1, RLENGTH - 1)
			sub(/[+-]0x[0-9a-f]+$/, "", t2)
			if (t2 != "") ann[i] = "call " t2 (is_call ? "" : " (tail call)")
		}
		if (cond_br) brdep[i] = srct
		if (kind == "load" && memop) { isload[i] = 1; if (areg ~ /^(sp|bp|r29)$/) stackld[i] = 1 }
		# a select on flags computed from the load, whose result may come from
		# the flags alone: no register input, or one that does not depend
		# on the load (a constant, the zero register)
		# a select depends on the load through data flow alone only if every
		# value it can pick does
		if (sel) {
			nin = 0; fo = 0; alld = 1
			for (k = (arch == "x86-64" ? 1 : 2); k <= nops; k++) {
				if (arch == "x86-64" && m ~ /^set/) break
				rr = reg(op[k])
				if (arch == "arm64" && op[k] ~ /^[wx]zr$/) { nin++; fo = 1; alld = 0; continue }
				if (rr == "" || rr == "rip") continue
				nin++; if (!tnt[rr]) fo = 1; if (!tnd[rr]) alld = 0
			}
			srcd = (nin && alld) ? 1 : 0
			if (srct && (!nin || fo)) selat[i] = 1
		}
		if (sel) seldep[i] = srct

		# update the state
		lt = srct; ld = srcd
		if (kind == "load" && memloc != "" && names_of(memloc) == head) { lt = 1; ld = 1 }
		if (kind == "load" && (acc[i] == head)) headload[i] = 1
		if (sets_flags) ftnt = (m ~ /^(ccmp|ccmn)$/) ? (ftnt || srct) : srct
		if (kind == "load" && memloc != "" && names_of(memloc) == head) { if (sets_flags) ftnt = 1 }
		if (is_call) {
			# a callee in this object that calls nothing clobbers only the
			# registers it mentions (gcc -fipa-ra keeps values live in
			# the others); any other callee what the ABI allows
			lc = (is_call && t2 != "" && (t2 in cdef) && !(t2 in callsout))
			if (arch == "x86-64") { split("a c d si di r8 r9 r10 r11", cl, " "); for (k in cl) if (!lc || ((t2 SUBSEP cl[k]) in cregs)) kill(cl[k]) }
			else { for (k = 0; k <= 18; k++) if (!lc || ((t2 SUBSEP ("r" k)) in cregs)) kill("r" k); kill("r30") }
			ftnt = 0
		}
		if (dst != "" && dst != "rip" && dst != "sp") {
			nv = ""
			if (m == "lea") nv = leaval
			else if (m == "adrp" && reltgt[i] != "") nv = resolve(reltgt[i], 0)
			else if (arch == "arm64" && m == "add" && reltype[i] ~ /ADD_ABS_LO12/) nv = resolve(reltgt[i], 0)
			else if (arch == "arm64" && m == "add" && nops == 3 && op[3] ~ /^#/ && (reg(op[2]) in val)) nv = add_off(val[reg(op[2])], immval(op[3]))
			else if (m == "mov" && nops == 2 && arch == "arm64" && (reg(op[2]) in val)) nv = val[reg(op[2])]
			else if (m ~ /^mov/ && nops == 2 && arch == "x86-64" && op[1] ~ /^%/ && (reg(op[1]) in val)) nv = val[reg(op[1])]
			else if (m == "csel" && (reg(op[2]) in val) && (reg(op[3]) in val)) nv = (val[reg(op[2])] == val[reg(op[3])]) ? val[reg(op[2])] : val[reg(op[2])] "|" val[reg(op[3])]
			else if (m ~ /^cmov/ && (reg(op[1]) in val) && (reg(op[2]) in val)) nv = (val[reg(op[1])] == val[reg(op[2])]) ? val[reg(op[1])] : val[reg(op[2])] "|" val[reg(op[1])]
			kill(dst)
			if (nv != "") { val[dst] = nv; ann[i] = (ann[i] == "" ? "" : ann[i] "; ") "= &" names_of(nv) }
			tnt[dst] = lt; tnd[dst] = ld
			if (dst2 != "") { kill(dst2); tnt[dst2] = lt; tnd[dst2] = ld }
		}
		if ((i in btgt) && btgt[i] > A) {
			s0 = save()
			# (mawk creates snap[t] before the right side runs: test first)
			if (btgt[i] in snap) s0 = merge(snap[btgt[i]], s0)
			snap[btgt[i]] = s0
		}
		prev_uncond = uncond
	}

	# ---- the listing
	for (i = 1; i <= nins; i++) {
		line = sprintf("  %5x:  %-40s", ad[i], raw[i])
		if (ann[i] != "") line = line "  # " ann[i]
		sub(/ +$/, "", line)
		print line
	}
	verdict()
}
function where(i) { return mn[i] " at " hex(ad[i]) }
function first_head_load(   i) { for (i = 1; i <= nins; i++) if (akind[i] == "load" && acc[i] == head) return i; return 0 }
function in_loop(i,   j) {
	for (j = i; j <= nins; j++) if ((j in btgt) && btgt[j] >= 0 && btgt[j] <= ad[i] && btgt[j] >= fstart) return j
	return 0
}
# the reasons the store at i is ordered after the load at L (arm64 view)
function reasons(i, L,   j, r) {
	r = ""
	if (relr[i]) r = r ", release store (" mn[i] ")"
	if (acqr[L]) r = r ", acquire load (" mn[L] ")"
	for (j = L + 1; j < i; j++) if ((j in fence) && fence[j] ~ /ish$|ishld|sy|ld$|locked|mfence/) { r = r ", barrier (" fence[j] " at " hex(ad[j]) ")"; break }
	for (j = L + 1; j < i; j++) if ((j in brdep) && brdep[j]) { r = r ", control dependency (" where(j) ")"; break }
	if (sdata[i]) r = r ", data dependency (stored value computed from " head ")"
	if (saddr[i]) r = r ", address dependency (address selected by " head ")"
	sub(/^, /, "", r)
	return r
}
# "addr": for every load of <data> (named by its address: a symbol, or a
# section offset inside one) and every load through a pointer computed from
# <head>: is the address computed from the loaded <head> or from a constant
# (the dependency removed)?  Is it before the head load in the code?  What
# orders it after the head load on arm64 (address dependency, acquire, dmb)?
function is_data(nm,   n, i, parts, b) {
	n = split(nm, parts, "|")
	for (i = 1; i <= n; i++) { b = parts[i]; sub(/\+[0-9]+$/, "", b); if (b == store) return 1 }
	return 0
}
function addr_verdict(   L, Lp, i, j, nh, hl, nd, nk, nc, nho, nun, r, o, via, k, nl, lines, lat, no, olines, olat, rs, ors, nors, orsl, fl, br, msg, dpart, nsl, pre) {
	L = 0; nh = 0; hl = ""
	for (i = 1; i <= nins; i++) if (headload[i]) { nh++; if (!L) L = i; hl = hl (nh > 1 ? ", " : "") where(i) }
	if (!L) { print "verdict:   no load of " head " left in " fname "()"; csum = "no load of " head; return }
	if (arch == "arm64")
		print "head:      " head " is loaded " (nh > 1 ? nh " times: " : "by ") hl ": " (acqr[L] ? "an acquire (" mn[L] ")" : "no acquire")
	else
		print "head:      " head " is loaded " (nh > 1 ? nh " times: " : "by ") hl
	if (nh > 1) print "head:      " nh " loads of " head ": what is read through it may come from " nh " different objects"
	nd = 0; nk = 0; nc = 0; nho = 0; nun = 0; nl = 0; no = 0; nors = 0; nsl = 0
	for (i = 1; i <= nins; i++) {
		if (!isload[i] || stackld[i] || headload[i]) continue
		if (!(adep[i] || (acc[i] != "" && is_data(acc[i])))) continue
		nd++
		Lp = L; for (j = 1; j < i; j++) if (headload[j]) Lp = j
		if (adep[i]) {
			nk++; via = ""
			if (!adepd[i]) {
				for (j = Lp + 1; j < i; j++) if (selat[j]) break
				via = (j < i) ? " only through the flags of a comparison (" mn[j] " at " hex(ad[j]) ")" : " only through the flags of a comparison"
				nsl++
			}
			r = "address computed from the value loaded from " head " (" hex(ad[Lp]) ")" via
		} else {
			nc++
			r = "dependency removed: " acc[i] " is loaded from a constant address"
		}
		if (ad[i] < ad[Lp]) { r = r ", hoisted above the load of " head " (" hex(ad[Lp]) ")"; nho++ }
		for (k = 1; k <= nl; k++) if (lines[k] == r) break
		if (k > nl) { nl++; lines[nl] = r; lat[nl] = hex(ad[i]) } else lat[k] = lat[k] ", " hex(ad[i])
		# what orders it after the head load
		if (arch == "x86-64") {
			if (ad[i] < ad[Lp]) { o = "before the load of " head " (" hex(ad[Lp]) ") in the code: not ordered even by x86-TSO"; nun++ }
			else o = "after the load of " head " (" hex(ad[Lp]) ") in the code; x86-TSO keeps load->load order, so this CPU orders them whatever became of the dependency"
		} else if (ad[i] < ad[Lp]) {
			o = "NOT ordered after the load of " head " (" hex(ad[Lp]) "): it comes first in the code, and an acquire orders only what follows it"; nun++
		} else {
			rs = ""
			if (adep[i]) { rs = rs ", address dependency" (adepd[i] ? "" : " carried only by the flags"); ors = adepd[i] ? "addr dep" : "addr dep via flags"; for (k = 1; k <= nors; k++) if (orsl[k] == ors) break; if (k > nors) orsl[++nors] = ors }
			if (acqr[Lp]) { rs = rs ", acquire load (" mn[Lp] ")"; ors = mn[Lp]; for (k = 1; k <= nors; k++) if (orsl[k] == ors) break; if (k > nors) orsl[++nors] = ors }
			fl = 0; for (j = Lp + 1; j < i; j++) if ((j in fence) && fence[j] ~ /ish$|ishld|sy|ld$/) { fl = j; break }
			if (fl) { rs = rs ", barrier (" fence[fl] " at " hex(ad[fl]) ")"; ors = fence[fl]; for (k = 1; k <= nors; k++) if (orsl[k] == ors) break; if (k > nors) orsl[++nors] = ors }
			sub(/^, /, "", rs)
			if (rs != "") o = "ordered after the load of " head " (" hex(ad[Lp]) ") by: " rs
			else {
				br = 0; for (j = Lp + 1; j < i; j++) if ((j in brdep) && brdep[j]) { br = j; break }
				o = "NOT ordered after the load of " head " (" hex(ad[Lp]) "): no address dependency, barrier or acquire between them" (br ? "; only a branch on " head " (" where(br) "), which orders nothing between loads: the CPU predicts it and may satisfy this load first" : "")
				nun++
			}
		}
		for (k = 1; k <= no; k++) if (olines[k] == o) break
		if (k > no) { no++; olines[no] = o; olat[no] = hex(ad[i]) } else olat[k] = olat[k] ", " hex(ad[i])
	}
	if (!nd) { print "verdict:   no load of " store " and no load through a pointer computed from " head " in " fname "()"; csum = "no data load"; return }
	pre = nd " data load" (nd > 1 ? "s" : "") " (of " store ", or through a pointer from " head ")"
	if (!nc) msg = pre ": " (nd > 1 ? "every" : "its") " address comes from the value loaded from " head ": dependency kept"
	else if (!nk) msg = pre ": " (nd > 1 ? "all" : "it is") " from a constant address: dependency removed"
	else msg = pre ": " nc " from a constant address: dependency removed there"
	if (nho) msg = msg "; " nho " hoisted above the load of " head
	print "verdict:   " msg
	for (k = 1; k <= nl; k++)
		printf "%-10s load%s at %s: %s\n", "load:", (lat[k] ~ /,/ ? "s" : ""), lat[k], lines[k]
	for (k = 1; k <= no; k++)
		printf "%-10s load%s at %s: %s\n", (arch == "arm64" ? "arm64:" : "x86-64:"), (olat[k] ~ /,/ ? "s" : ""), olat[k], olines[k]
	dpart = !nc ? "dependency kept" : !nk ? "dependency removed (constant address)" : "dependency removed in " nc " of " nd " loads (constant address)"
	if (nsl) dpart = dpart (nsl == nk ? "" : ", " nsl " of " nk " kept ones") " (only through the flags)"
	if (nho) dpart = dpart ", hoisted above the head load"
	if (nh > 1) dpart = dpart ", " head " loaded " nh " times"
	if (arch == "arm64") {
		ors = ""; for (k = 1; k <= nors; k++) ors = ors (k > 1 ? " + " : "") orsl[k]
		dpart = dpart "; arm64: head " mn[L] ", " (!nun ? "ordered by " ors : nun == nd ? "unordered" : nun " of " nd " loads unordered")
	} else if (nun) dpart = dpart "; unordered even on x86"
	csum = dpart
}
# "order": what keeps the accesses of <second> after the first access of
# <first>, whatever their kinds (load->store in LB, store->store in 2+2W
# and in the writer of MP, store->load in SB): their order in the code,
# then per CPU what orders them: x86-TSO all but store->load, which needs
# a locked instruction or mfence; arm64 only a dmb of the right kind, an
# acquire first access, a release second one, or (load->store) a
# dependency or a branch on the loaded value.  An rmw is both a load and
# a store: on x86-64 a locked one orders everything.
function okind(i) { return akind[i] == "rmw" ? "rmw" : akind[i] }
function fence_orders(f, k1, k2,   t) {
	t = f; sub(/^(dmb|dsb) /, "", t)
	if (t ~ /^locked/ || t == "mfence" || t ~ /^(ish|sy|osh|nsh)$/) return 1
	if (t ~ /ld$/ || t == "lfence") return (k1 != "store")
	if (t ~ /st$/ || t == "sfence") return (k1 == "store" && k2 == "store")
	return 0
}
function order_verdict(   F, i, j, ns, k1, k2, r, nl, lines, lat, bad, nrev, x86bad, ors, msg) {
	F = 0; for (i = 1; i <= nins; i++) if (akind[i] != "" && acc[i] == head) { F = i; break }
	ns = 0; for (i = 1; i <= nins; i++) if (akind[i] != "" && acc[i] == store) ns++
	if (!F) { print "verdict:   no access of " head " left in " fname "()"; csum = "no access of " head; return }
	if (!ns) { print "verdict:   no access of " store " left in " fname "()"; csum = "no access of " store; return }
	k1 = okind(F)
	nl = 0; bad = 0; nrev = 0; x86bad = 0; ors = ""
	for (i = 1; i <= nins; i++) {
		if (!(akind[i] != "" && acc[i] == store)) continue
		k2 = okind(i)
		if (ad[i] < ad[F]) {
			r = "the " k2 " of " store " comes before the " k1 " of " head " (" where(F) "): the compiler reordered them, no CPU puts them back"
			nrev++; bad = 1; x86bad = 1
		} else if (arch == "x86-64") {
			if (k1 == "store" && k2 == "load") {
				r = ""
				for (j = F + 1; j < i; j++) if ((j in fence) && fence_orders(fence[j], k1, k2)) { r = "after the store of " head " in the code, and " fence[j] " at " hex(ad[j]) " between: ordered"; break }
				if (r == "") { r = "after the store of " head " in the code, nothing between: x86-TSO lets this load pass the store (store buffer)"; x86bad = 1 }
			} else
				r = "after the " k1 " of " head " (" hex(ad[F]) ") in the code; x86-TSO keeps " k1 "->" k2 " order, so this CPU orders them whatever barrier is or is not there"
		} else {
			r = ""
			for (j = F + 1; j < i; j++) if ((j in fence) && fence_orders(fence[j], k1, k2)) { r = r ", barrier (" fence[j] " at " hex(ad[j]) ")"; break }
			if (acqr[F] && k1 != "store") r = r ", acquire " k1 " (" mn[F] ")"
			if (relr[i] && k2 != "load") r = r ", release " k2 " (" mn[i] ")"
			if (relr[F] && acqr[i] && k1 == "store") r = r ", release then acquire (" mn[F] ", " mn[i] ")"
			if (k1 != "store" && k2 != "load") {
				for (j = F + 1; j < i; j++) if ((j in brdep) && brdep[j]) { r = r ", control dependency (" where(j) ")"; break }
				if (sdata[i]) r = r ", data dependency"
				if (saddr[i]) r = r ", address dependency"
			}
			sub(/^, /, "", r)
			if (r == "") { r = "NOT ordered after the " k1 " of " head " (" hex(ad[F]) "): no barrier that orders " k1 "->" k2 ", no acquire, release or dependency"; bad = 1 }
			else { r = "ordered after the " k1 " of " head " (" hex(ad[F]) ") by: " r; if (ors == "") { ors = r; sub(/^.* by: /, "", ors) } }
		}
		for (j = 1; j <= nl; j++) if (lines[j] == r) break
		if (j > nl) { nl++; lines[nl] = r; lat[nl] = hex(ad[i]) } else lat[j] = lat[j] ", " hex(ad[i])
	}
	msg = "the first access of " head " is a " k1 " (" where(F) "); " ns " access" (ns > 1 ? "es" : "") " of " store
	msg = msg (nrev ? ", " nrev " of them before it in the code" : ", all after it in the code")
	print "verdict:   " msg
	for (j = 1; j <= nl; j++)
		printf "%-10s %s at %s: %s\n", (arch == "arm64" ? "arm64:" : "x86-64:"), store, lat[j], lines[j]
	csum = nrev ? "reordered by the compiler" : "in program order"
	if (arch == "arm64") csum = csum (bad ? "; arm64: unordered" : "; arm64: ordered by " ors)
	else csum = csum (x86bad ? "; unordered even on x86" : "; x86-TSO orders them")
}
function verdict() {
	csum = "?"
	if (check == "ctrl") ctrl_verdict("verdict:   ")
	else if (check == "poll") poll_verdict()
	else if (check == "loadload") loadload_verdict()
	else if (check == "addr") addr_verdict()
	else if (check == "order") order_verdict()
	else print "verdict:   unknown check \"" check "\""
	print "summary: " csum
}
# "ctrl": the verdict line, then one line per distinct ordering fact about
# the stores to <store>; sets csum to the short form for the summary
function ctrl_verdict(label,   L, i, k, ns, s1, B, nsel, dep, r, bad, msg, nl, lines, lat) {
	L = first_head_load()
	ns = 0; s1 = 0; dep = 0
	for (i = 1; i <= nins; i++) if ((akind[i] == "store" || akind[i] == "rmw") && acc[i] == store) {
		ns++; if (!s1) s1 = i
		if (sdata[i] || saddr[i]) dep = 1
	}
	if (!L) { print label "no load of " head " left in " fname "()"; csum = "no load of " head; return }
	if (!ns) { print label "no store to " store " left in " fname "()"; csum = "no store to " store; return }
	B = 0
	for (i = L + 1; i <= nins; i++) if ((i in brdep) && brdep[i]) { B = i; break }
	if (!B) {
		nsel = 0; for (i = L + 1; i <= nins; i++) if ((i in seldep) && seldep[i]) { nsel = i; break }
		msg = "no conditional branch on " head " is left"
		if (nsel) { msg = msg ": the if became branch-free code on the flags (" where(nsel) ")"; csum = "branch gone (" mn[nsel] ")" }
		else if (!dep) { msg = msg " and the store to " store " does not depend on " head ": the condition was folded away"; csum = "branch folded away" }
		else csum = "branch gone"
	} else if (ad[s1] < ad[B]) {
		msg = "the store to " store " (" where(s1) ") is before the conditional branch on " head " (" where(B) "): hoisted"
		if (ad[s1] < ad[L]) msg = msg ", above the load of " head " (" hex(ad[L]) ") too"
		csum = (ad[s1] < ad[L]) ? "hoisted above the load" : "hoisted"
	} else {
		msg = (ns > 1 ? "all " ns " stores to " store " (one per path) come" : "the store to " store " comes") " after the conditional branch on " head " (" where(B) "): not hoisted"
		csum = "branch kept, store after it: not hoisted"
	}
	print label msg
	# one line per distinct fact, listing the stores it is true of
	bad = 0; nl = 0
	for (i = 1; i <= nins; i++) {
		if (!((akind[i] == "store" || akind[i] == "rmw") && acc[i] == store)) continue
		if (arch == "x86-64") {
			if (ad[i] < ad[L]) { r = "before the load of " head " (" hex(ad[L]) ") in the code: not ordered even by x86-TSO"; bad = 1 }
			else r = "after the load of " head " (" hex(ad[L]) ") in the code; x86-TSO keeps load->store order, so this CPU orders them whatever became of the branch"
		} else {
			r = (ad[i] < ad[L]) ? "" : reasons(i, L)
			if (r == "") { r = "NOT ordered after the load of " head " (" hex(ad[L]) "): no branch on " head ", dependency, barrier, acquire or release between them"; bad = 1 }
			else r = "ordered after the load of " head " (" hex(ad[L]) ") by: " r
		}
		for (k = 1; k <= nl; k++) if (lines[k] == r) break
		if (k > nl) { nl++; lines[nl] = r; lat[nl] = hex(ad[i]) }
		else lat[k] = lat[k] ", " hex(ad[i])
	}
	for (k = 1; k <= nl; k++)
		printf "%-10s store%s to %s at %s: %s\n", (arch == "arm64" ? "arm64:" : "x86-64:"), (lat[k] ~ /,/ ? "s" : ""), store, lat[k], lines[k]
	if (arch == "arm64") csum = csum (bad ? "; arm64: unordered" : "; arm64: ordered")
	else if (bad) csum = csum "; unordered even on x86"
}
# "poll": is <head> re-read in the loop?  Then the ctrl facts.
function poll_verdict(   i, j, n, inl, first, lp, msg, psum) {
	n = 0; inl = 0; first = 0
	for (i = 1; i <= nins; i++) if (akind[i] == "load" && acc[i] == head) {
		n++; if (!first) first = i
		j = in_loop(i); if (j && !inl) { inl = i; lp = j }
	}
	if (!n) {
		msg = "no load of " head " is left: the polling loop was deleted"
		for (i = 1; i <= nins; i++) if ((akind[i] == "store" || akind[i] == "rmw") && acc[i] == store) { msg = msg ", and the store to " store " (" where(i) ") waits for nothing"; break }
		psum = "poll loop deleted"
	}
	else if (inl) { msg = head " is re-read inside the loop (" where(inl) ", loop " hex(btgt[lp]) "-" hex(ad[lp]) "): not hoisted"; psum = "re-read in the loop" }
	else {
		msg = head " is read once (" where(first) "), outside any loop: the read was hoisted out of the polling loop"
		for (j = 1; j <= nins; j++) if ((j in btgt) && btgt[j] >= fstart && btgt[j] <= ad[j]) {
			if (btgt[j] == ad[j]) msg = msg "; what is left of the loop (" where(j) ") jumps to itself: if that one read saw 0, it never ends"
			else msg = msg "; the loop left (" hex(btgt[j]) "-" hex(ad[j]) ") does not read " head
			break
		}
		psum = "read once: hoisted"
	}
	print "verdict:   " msg
	if (n) { ctrl_verdict("store:     "); if (arch == "arm64") { sub(/^.*; /, "", csum); psum = psum "; " csum } }
	csum = psum
}
function loadload_verdict(   D, i, j, segs, fl, lastf, allacq, nf, msg, sum, br) {
	D = 0
	for (i = 1; i <= nins; i++) if (akind[i] == "load" && acc[i] == store) { D = i; break }
	nf = 0; allacq = 1; lastf = 0
	for (i = 1; i < D; i++) if (akind[i] == "load" && acc[i] == head) { nf++; lastf = i; if (!acqr[i]) allacq = 0 }
	if (!D || !nf) { print "verdict:   no load of " (D ? head : store) " found"; return }
	# the straight-line run every path into the data load goes through
	segs = D
	while (segs > 1 && !(ad[segs] in isfwd) && !((segs - 1) in btgt) && mn[segs - 1] !~ /^(ret|b|br|jmp)$/) segs--
	fl = 0
	for (j = segs; j < D; j++) if ((j in fence) && fence[j] ~ /ish$|ishld|sy|ld$|locked|[lm]fence/) { fl = j; break }
	br = 0; for (j = lastf + 1; j < D; j++) if (j in brdep) { br = j; break }
	if (fl) { msg = "a barrier (" fence[fl] " at " hex(ad[fl]) ") is on every path into the load of " store " (" hex(ad[D]) ")"; sum = fence[fl] " before the data load" }
	else if (allacq) { msg = "every load of " head " is an acquire (" mn[lastf] "): the load of " store " (" hex(ad[D]) ") stays after it"; sum = "acquire load of " head }
	else { msg = "between the last load of " head " (" where(lastf) ") and the load of " store " (" where(D) ") there is " (br ? "only a conditional branch (" where(br) ")" : "nothing") ": no barrier, no acquire"; sum = "no barrier" }
	print "verdict:   " msg
	if (arch == "arm64") {
		if (fl || allacq) print "arm64:     ordered: the load of " store " cannot be satisfied before the load of " head
		else print "arm64:     NOT ordered: a branch orders nothing between loads (the CPU predicts it and may satisfy the load of " store " first)"
	} else
		print "x86-64:    x86-TSO does not reorder a load with an earlier load, so this CPU orders the two loads " (fl ? "" : "without any instruction ") "either way"
	csum = sum (arch == "arm64" ? ((fl || allacq) ? "; arm64: ordered" : "; arm64: unordered") : "")
}
'

status=0
while read -r check fn head store <&3; do
	[ -n "$check" ] || continue
	echo "==== $id: codegen of $fn(), check: $check $head $store ===="
	summary=
	while IFS='|' read -r cname arch ccmd objdump <&4; do
		cbin=${ccmd%% *}
		if ! command -v "$cbin" >/dev/null 2>&1 ||
		   ! command -v "$objdump" >/dev/null 2>&1; then
			echo "---- $cname ($arch): skipped, $cbin or $objdump not installed ----"
			summary="$summary$(printf '  %-48s skipped: not installed' "$cname ($arch)")\n"
			continue
		fi
		ver=$($cbin -dumpfullversion 2>/dev/null || $cbin -dumpversion)
		tag=$(echo "$cname" | tr -c 'a-zA-Z0-9\n' '-')
		prev=
		for variant in bad fixed; do
			def=
			[ "$variant" = fixed ] && def=-DFIXED
			obj=$builddir/$id-codegen-$tag-$variant.o
			echo "---- $cname $ver, $arch, $variant: $ccmd $cflags${def:+ $def} -c repro.c; $objdump -dr ----"
			# $ccmd and $cflags are split on purpose: flags without spaces.
			if ! $ccmd $cflags $def -I"$harness" -c "$repro" -o "$obj"; then
				echo "show-codegen: $id ($cname, $variant): build failed" >&2
				status=1
				continue
			fi
			full=$($objdump -dr --no-show-raw-insn "$obj")
			dis=$(echo "$full" |
			      awk -v f="$fn" '$0 ~ "^[0-9a-f]+ <" f ">:$" {p = 1; next}
					      p && /^$/ {exit} p')
			if [ -z "$dis" ]; then
				echo "show-codegen: $id ($cname, $variant): no function $fn() in $obj" >&2
				status=1
				continue
			fi
			out=$({ $objdump -t "$obj"; echo "----callees"; echo "$full"
				echo "----disasm"; echo "$dis"; } |
			      awk -v arch="$arch" -v check="$check" -v head="$head" \
				  -v store="$store" -v fname="$fn" "$analyse")
			echo "$out" | grep -v '^summary: '
			sum=$(echo "$out" | sed -n 's/^summary: //p')
			# The same instructions?  Compare the listings without addresses.
			body=$(echo "$out" | sed -n 's/^ \{1,\}[0-9a-f]\{1,\}:  //p' |
			       sed 's/[0-9a-f]* <\([^>]*\)>/<\1>/')
			if [ "$variant" = fixed ] && [ -n "$prev" ] && [ "$body" = "$prev" ]; then
				echo "same code: bad and fixed compile to identical instructions"
				sum="$sum (same code as bad)"
			fi
			prev=$body
			summary="$summary$(printf '  %-48s %-6s %s' "$cname $ver ($arch)" "$variant" "$sum")\n"
		done
	done 4<<EOF
$compilers
EOF
	echo "==== $id: $fn(), summary of the verdicts above ===="
	printf '%b' "$summary"
	echo
done 3<<EOF
$tags
EOF
exit $status
