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
use strict;
use warnings;

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
my %onfile;  # file -> [rules]
for my $rule (@rules) {
	my $cocci = "$here/$rule.cocci";
	open(my $fh, '<', $cocci) or die "$cocci: $!\n";
	my (%let, @raw);
	while (<$fh>) {
		$let{$1} = $2 if m{^// Let (\w+): *(.*?) *$};
		push @raw, $1 if m{^// Require: *(.*?) *$};
		push @raw, "SAME:$1" if m{^// Require-same: *(.*?) *$};
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
		if ($r =~ s/^SAME://) {
			my ($a, $b) = split / &&& /, $r, 2;
			push @re, [qr/$a/s, qr/$b/s];
		} else {
			push @re, qr/$r/s;
		}
	}
	$req{$rule} = \@re;
	open(my $cf, '<', "$out/$rule.cand") or die "$out/$rule.cand: $!\n";
	while (my $f = <$cf>) {
		chomp $f;
		push @{$onfile{$f}}, $rule;
	}
	close $cf;
}

# Require-same: a key both capture, or a match of the first with none
sub same {
	my ($t, $a, $b) = @_;
	my %k;
	while ($t =~ /$a/g) {
		return 1 unless defined $+{k};
		$k{$+{k}} = 1;
	}
	return 0 unless %k;
	while ($t =~ /$b/g) {
		return 1 if defined $+{k} && $k{$+{k}};
	}
	return 0;
}

my %keep; # rule -> [files]
for my $f (keys %onfile) {
	my @need = grep { @{$req{$_}} } @{$onfile{$f}};
	my @free = grep { !@{$req{$_}} } @{$onfile{$f}};
	push @{$keep{$_}}, $f for @free;
	next unless @need;
	open(my $fh, '<', $f) or next;
	my $t = do { local $/; <$fh> };
	close $fh;
	# blank out comments, keep strings and character constants
	$t =~ s{([^"'/]+|/(?![*/]))|("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|/\*.*?\*/|//[^\n]*|.}
	       {defined $1 ? $1 : defined $2 ? $2 : " "}gse;
	for my $rule (@need) {
		my $ok = 1;
		for my $re (@{$req{$rule}}) {
			if (ref $re eq 'ARRAY' ? !same($t, @$re) : $t !~ $re) {
				$ok = 0;
				last;
			}
		}
		push @{$keep{$rule}}, $f if $ok;
	}
}

for my $rule (@rules) {
	my @files = sort { -s $b <=> -s $a || $a cmp $b } @{$keep{$rule} || []};
	open(my $fh, '>', "$out/$rule.files") or die "$out/$rule.files: $!\n";
	print $fh "$_\n" for @files;
	close $fh;
}
