#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# prefilter.pl OUTDIR RULE...: the second stage of run-tree.sh's prefilter.
# Run from the tree's root. For each RULE, reads OUTDIR/RULE.cand (the files
# that have the rule's "// Tokens:"), keeps those whose text, with comments
# blanked out, matches every "// Require:" regular expression of
# rules/RULE.cocci, and writes them to OUTDIR/RULE.files, largest first.
#
# A Require line is a Perl regular expression (with /s: "." crosses lines)
# and must be a necessary condition: every file where the rule can match
# must match it. It may use <<NAME>> for a "// Let NAME:" line of the
# same rule, and these built-ins:
#   <<GAP>>   what may stand between two statements: white space and
#             the backslashes of a macro body, preprocessor lines, braces,
#             labels, empty statements
#   <<SP>>    white space, backslashes and preprocessor lines only
#   <<ARGS>>  a parenthesised argument list, nested parentheses included
#   <<COND>>  "(", and what the kernel's isomorphisms see through in a
#             condition: more "(", likely(, unlikely(, !
# "// Require-same: RE1 &&& RE2" asks for a value of the named group (?<k>)
# that some match of RE1 and some match of RE2 both capture (the object
# published and the object stored to); a match of RE1 that leaves k
# undefined (an object too complex to name) satisfies it on its own.
#
# "// Scope: function" asks for every Require and Require-same line to hold
# within one function: the file is cut at each "}" in column 0 that closes
# the outermost brace (braces counted outside comments, strings and
# preprocessor lines, in every branch of an #if), and a piece must satisfy
# them all. A file whose braces do not balance so is taken whole. (The
# text between two functions goes with the next one: a piece may hold
# more than a function, never less.)
#
# "// Scope: callees": the file is cut so too, and spatch reads a copy of
# it (see mirror()) with the pieces that satisfy no Require line emptied,
# but for those that declare a function that a satisfying piece calls: the
# rule looks one level into the functions of the file that they call.
#
# "// Drop: RE" blanks every match of RE (or of its group (?<drop>...))
# before the Require lines are checked: occurrences that the rule is known
# to pass over (a helper directly after the RMW it upgrades). If RE has a
# group (?<fn>...), a file that defines a function of a name it captured
# (NAME(...) {) is not dropped from: the rule looks into such functions.
use strict;
use warnings;
use File::Path qw(make_path);

my ($mirror, $jobs) = (0, 1);
while (@ARGV && $ARGV[0] =~ /^-/) {
	my $o = shift @ARGV;
	if ($o eq '--mirror') {
		$mirror = 1;
	} elsif ($o =~ /^-j(\d+)$/) {
		$jobs = $1 || 1;
	} else {
		die "usage: $0 [--mirror] [-jN] OUTDIR RULE...\n";
	}
}
my ($out, @rules) = @ARGV;
my $here = $0;
$here =~ s{/[^/]*$}{};
$here = "." if $here eq $0;

my %builtin = (
	GAP  => '(?:[\s\\\\]|#[^\n]*\n|[{};]|\b(?!default\b)\w+\s*:(?!:))*',
	SP   => '(?:[\s\\\\]|#[^\n]*\n)*',
	ARGS => '(\((?:[^()]++|(?-1))*\))',
	COND => '\((?:\s|\(|!|\b(?:un)?likely\s*\(|\b__predict_\w+\s*\()*',
);

my %req;     # rule -> [compiled regexes]
my %drop;    # rule -> [compiled regexes of what to blank first]
my %scope;   # rule -> "function" or undef (the whole file)
my %onfile;  # file -> [rules]
for my $rule (@rules) {
	my $cocci = "$here/$rule.cocci";
	open(my $fh, '<', $cocci) or die "$cocci: $!\n";
	my (%let, @raw, @drop);
	while (<$fh>) {
		$let{$1} = $2 if m{^// Let (\w+): *(.*?) *$};
		push @raw, $1 if m{^// Require: *(.*?) *$};
		push @raw, "SAME:$1" if m{^// Require-same: *(.*?) *$};
		push @raw, "AFTER:$1" if m{^// Require-after: *(.*?) *$};
		push @raw, "DROP:$1" if m{^// Drop: *(.*?) *$};
		$scope{$rule} = $1 if m{^// Scope: *(\w+)};
	}
	close $fh;
	my @re;
	for my $r (@raw) {
		for (1 .. 5) {
			$r =~ s{<<(\w+)>>}{
				exists $let{$1} ? $let{$1} :
				exists $builtin{$1} ? $builtin{$1} :
				die "$cocci: no <<$1>>\n"}ge;
		}
		if ($r =~ s/^DROP://) {
			push @drop, qr/$r/s;
		} elsif ($r =~ s/^(SAME|AFTER)://) {
			my $after = $1 eq 'AFTER';
			my ($a, $b) = split / &&& /, $r, 2;
			push @re, [[alts($a)], [alts($b)], $after];
		} else {
			push @re, [alts($r)];
		}
	}
	$req{$rule} = \@re;
	$drop{$rule} = \@drop;
	open(my $cf, '<', "$out/$rule.cand") or die "$out/$rule.cand: $!\n";
	while (my $f = <$cf>) {
		chomp $f;
		push @{$onfile{$f}}, $rule;
	}
	close $cf;
}

# Require-same: a key both capture, or a match of the first with none
sub same {
	my ($t, $as, $bs, $after) = @_;
	my %k;	# key -> where the first's matches start
	for my $a (@$as) {
		while ($t =~ /$a/g) {
			return 1 unless defined $+{k};
			push @{$k{$+{k}}}, $-[0];
		}
	}
	return 0 unless %k;
	# In order, in a function: a match of the second after one of the
	# first, or before it in a loop around both, which may take a path
	# back to it.
	my $loops;
	for my $b (@$bs) {
		while ($t =~ /$b/g) {
			next unless defined $+{k} && exists $k{$+{k}};
			return 1 unless $after;
			my $pb = $-[0];
			for my $pa (@{$k{$+{k}}}) {
				return 1 if $pa < $pb;
				$loops //= [loops($t)];
				return 1 if grep { $_->[0] <= $pb && $pa <= $_->[1] } @$loops;
			}
		}
	}
	return 0;
}

# The loops of the function bodies of $t, as [start, end]: for, while,
# do, a macro that opens a block (list_for_each_entry(...) {) or is named
# as an iterator (..._for_each...), and from a label to the last goto to
# it. A loop without braces runs to the end of $t.
sub loops {
	my ($t) = @_;
	(my $b = $t) =~ s{"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|^[ \t]*#(?:\\\n|[^\n])*}
	                 {" " x length($&)}gme;
	my (@open, %close, %depth);
	while ($b =~ /[{}]/g) {
		if ($& eq '{') {
			$depth{pos($b) - 1} = @open;
			push @open, pos($b) - 1;
		} elsif (@open) {
			$close{pop @open} = pos($b) - 1;
		}
	}
	my $end = length $b;
	my @r;
	while ($b =~ /\b(do)\b\s*|\b(for|while)\s*$builtin{ARGS}\s*|\b(?!(?:if|switch|return|sizeof)\b)(\w+)\s*$builtin{ARGS}\s*(?=\{)|(?:^|(?<=[;{}]))\s*(?!default\b)(\w+)\s*:(?!:)/gm) {
		my ($s, $e, $kw, $it, $label) = ($-[0], $+[0], $1 // $2, $4, $6);
		if (defined $label) {
			my $last;
			$last = $-[0] while $b =~ /\bgoto\s+\Q$label\E\b/g;
			push @r, [$s, $last] if defined $last && $last > $s;
			pos($b) = $e;
			next;
		}
		my $brace = substr($b, $e, 1) eq '{' ? $e : -1;
		if (defined $it) {
			# a function's own body is no loop
			next unless $depth{$brace} || $it =~ /for_each/;
			push @r, [$s, $close{$brace} // $end];
		} elsif ($brace >= 0) {
			push @r, [$s, $close{$brace} // $end];
		} elsif (!($kw eq 'while' && substr($b, $e, 1) eq ';')) {
			push @r, [$s, $end];	# no braces (a "do {} while ();" ends so)
		}
	}
	while ($b =~ /\b\w*for_each\w*\s*$builtin{ARGS}\s*+(?!\{)/g) {
		push @r, [$-[0], $end];
	}
	return @r;
}

# A regular expression "A|B|C" as the compiled alternatives A, B, C: a
# top-level alternation hides the literal that each alternative starts
# with from perl's optimiser, which then tries every position of the file.
# (Require-same collects the keys of each alternative's matches on its
# own: a superset of those of the whole.)
sub alts {
	my ($r) = @_;
	my ($depth, $cur, @a) = (0, '');
	for (my $i = 0; $i < length $r; $i++) {
		my $c = substr($r, $i, 1);
		if ($c eq '\\') {
			$cur .= substr($r, $i++, 2);
			next;
		}
		if ($c eq '[') {
			# a class: to its "]", which may come first (after "^")
			my $j = $i + 1;
			$j++ if substr($r, $j, 1) eq '^';
			$j++ if substr($r, $j, 1) eq ']';
			while ($j < length $r && substr($r, $j, 1) ne ']') {
				$j++ if substr($r, $j, 1) eq '\\';
				$j++;
			}
			$cur .= substr($r, $i, $j - $i + 1);
			$i = $j;
			next;
		} elsif ($c eq '(') {
			$depth++;
		} elsif ($c eq ')') {
			$depth--;
		} elsif ($c eq '|' && $depth == 0) {
			push @a, $cur;
			$cur = '';
			next;
		}
		$cur .= $c;
	}
	push @a, $cur;
	return map { qr/$_/s } @a;
}

# every Require line of a rule holds in text $t
sub holds {
	my ($t, $res, $whole) = @_;
	for my $re (@$res) {
		return 0 if ref $re->[0] eq 'ARRAY' ?
		    !same($t, $re->[0], $re->[1], $re->[2] && !$whole) :
		    !grep { $t =~ $_ } @$re;
	}
	return 1;
}

# $t with every match of Drop line $d blanked (length kept), or $t itself
# if the file defines a function named by a group "fn" of a match
sub dropped {
	my ($t, $d) = @_;
	my %fn;
	(my $u = $t) =~ s{$d}{
		$fn{$+{fn}} = 1 if defined $+{fn};
		" " x length($&)}ge;
	for my $n (keys %fn) {
		return $t if $t =~ /\b\Q$n\E\s*$builtin{ARGS}\s*\{/;
	}
	return $u;
}

# the functions of $t, as [offset, length]: cut after each "}" in column
# 0 that closes the outermost brace; the whole text if braces do not
# balance
sub pieces {
	my ($t) = @_;
	(my $b = $t) =~ s{"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|^[ \t]*#(?:\\\n|[^\n])*}
	                 {" " x length($&)}gme;
	my ($depth, $start, $open, @blocks, @p) = (0, 0, -1);
	while ($b =~ /[{}]/g) {
		if ($& eq '{') {
			$open = pos($b) - 1 if $depth++ == 0;
			next;
		}
		return [0, length $t, []] if --$depth < 0;
		my $e = pos($b);
		next if $depth;
		push @blocks, [$open, $e - 1];
		if ($e == 1 || substr($b, $e - 2, 1) eq "\n") {
			push @p, [$start, $e - $start, [@blocks]];
			$start = $e;
			@blocks = ();
		}
	}
	return [0, length $t, []] if $depth != 0;
	push @p, [$start, length($t) - $start, [@blocks]];
	return @p;
}

# a name that the piece $p of $t declares or defines (outside its brace
# blocks: NAME(...)) is in %$called
sub defines {
	my ($t, $p, $called) = @_;
	my ($at, @top) = ($p->[0]);
	for my $b (@{$p->[2]}) {
		push @top, substr($t, $at, $b->[0] - $at);
		$at = $b->[1] + 1;
	}
	push @top, substr($t, $at, $p->[0] + $p->[1] - $at);
	for my $x (@top) {
		while ($x =~ /\b(\w+)\s*\(/g) {
			return 1 if $called->{$1};
		}
	}
	return 0;
}

# OUTDIR/mirror/RULE/FILE: the file, with the outermost brace blocks of
# the pieces @fail (function bodies, initialisers, structures) emptied:
# their lines kept, blank, but for preprocessor lines (without their
# comments, which may go on over the next lines). spatch then parses
# only the functions where the rule may match, and reports the same lines
# and columns.
sub mirror {
	my ($rule, $f, $raw, $t, @fail) = @_;
	for my $blk (reverse map { @{$_->[2]} } @fail) {
		my ($o, $e) = @$blk;
		my $cont = 0;
		my @l = map {
			my $keep = $cont || /^[ \t]*#/;
			$cont = $keep && /\\$/;
			$keep ? $_ : '';
		} split /\n/, substr($t, $o + 1, $e - $o - 1), -1;
		$l[0] = '';	# the rest of the line of the "{"
		substr($raw, $o + 1, $e - $o - 1) = join("\n", @l);
	}
	my $path = "$out/mirror/$rule/$f";
	(my $dir = $path) =~ s{/[^/]*$}{};
	make_path($dir);
	open(my $fh, '>', $path) or die "$path: $!\n";
	print $fh $raw;
	close $fh;
}

my %keep; # rule -> [files]
# -jN: N processes, each on every Nth file, each writing what it keeps to
# OUTDIR/.keep.I
my @all = sort keys %onfile;
my @kids;
my $me = 0;
for my $i (1 .. $jobs - 1) {
	my $pid = fork() // die "fork: $!\n";
	if (!$pid) {
		$me = $i;
		@kids = ();
		last;
	}
	push @kids, $pid;
}
for my $i (grep { $_ % $jobs == $me } 0 .. $#all) {
	my $f = $all[$i];
	my @need = grep { @{$req{$_}} } @{$onfile{$f}};
	my @free = grep { !@{$req{$_}} } @{$onfile{$f}};
	push @{$keep{$_}}, $f for @free;
	next unless @need;
	open(my $fh, '<', $f) or next;
	my $t = do { local $/; <$fh> };
	close $fh;
	my $raw = $t;
	# blank out comments, keep strings and character constants; the
	# offsets and lines stay those of the file
	$t =~ s{([^"'/]+|/(?![*/]))|("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|/\*.*?\*/|//[^\n]*|.}
	       {defined $1 ? $1 : defined $2 ? $2 : $& =~ tr/\n/ /cr}gse;
	my $pieces;
	for my $rule (@need) {
		my $u = $t;
		$u = dropped($u, $_) for @{$drop{$rule}};
		my $scope = $scope{$rule} // '';
		my $fun = $scope eq 'function';
		next unless holds($u, $req{$rule}, $fun);
		if ($scope eq 'callees') {
			$pieces //= [pieces($t)];
			my (@pass, @fail);
			for my $p (@$pieces) {
				if (holds(substr($u, $p->[0], $p->[1]), $req{$rule})) {
					push @pass, $p;
				} else {
					push @fail, $p;
				}
			}
			# what the functions that may match call
			my %called;
			for my $p (@pass) {
				my $x = substr($t, $p->[0], $p->[1]);
				$called{$1} = 1 while $x =~ /\b(\w+)\s*\(/g;
			}
			@fail = () unless @pass;
			@fail = grep { !defines($t, $_, \%called) } @fail;
			mirror($rule, $f, $raw, $t, @fail) if $mirror;
		} elsif ($fun) {
			$pieces //= [pieces($t)];
			my @fail = grep {
				!holds(substr($u, $_->[0], $_->[1]), $req{$rule})
			} @$pieces;
			next if @fail == @$pieces;
			mirror($rule, $f, $raw, $t, @fail) if $mirror;
		}
		push @{$keep{$rule}}, $f;
	}
}

if ($me) {
	open(my $fh, '>', "$out/.keep.$me") or die "$out/.keep.$me: $!\n";
	for my $rule (keys %keep) {
		print $fh "$rule\t$_\n" for @{$keep{$rule}};
	}
	close $fh;
	exit 0;
}
for my $pid (@kids) {
	waitpid($pid, 0);
	die "$0: a worker failed\n" if $?;
}
for my $i (1 .. $jobs - 1) {
	open(my $fh, '<', "$out/.keep.$i") or die "$out/.keep.$i: $!\n";
	while (<$fh>) {
		chomp;
		my ($rule, $f) = split /\t/, $_, 2;
		push @{$keep{$rule}}, $f;
	}
	close $fh;
	unlink "$out/.keep.$i";
}

for my $rule (@rules) {
	my @files = sort { -s $b <=> -s $a || $a cmp $b } @{$keep{$rule} || []};
	open(my $fh, '>', "$out/$rule.files") or die "$out/$rule.files: $!\n";
	print $fh "$_\n" for @files;
	close $fh;
}
