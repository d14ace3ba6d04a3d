# Debian's perl: regular expressions over generated log lines (captures, alternation,
# substitution, split and hashes), ROUNDS times. Use: perl regex.pl [ROUNDS].
# Written for this suite; prints counts (sorted: no hash-order dependence).
use strict;
use warnings;

my $rounds = $ARGV[0] || 10;
my $seed = 12345;
sub rnd { my $m = shift; $seed = ($seed * 1103515245 + 12345) % 2147483648; return int($seed / 65536) % $m; }
my @syl = qw(ka lo mi ne ru sa ti vo an el or is ul tra pre con der ing ment ous ble sta qua zen);
my @lines;
for my $i (1 .. 5000) {
	my @w;
	for (1 .. 4 + rnd(8)) {
		my $k = rnd(16);
		if ($k == 0) { push @w, join('.', map { rnd(256) } 1 .. 4) }
		elsif ($k == 1) { push @w, $syl[rnd(24)] . $syl[rnd(24)] . '@' . $syl[rnd(24)] . '.org' }
		else { push @w, join('', map { $syl[rnd(24)] } 1 .. 1 + rnd(4)) }
	}
	push @lines, sprintf("2024-%02d-%02d %02d:%02d %s", 1 + rnd(12), 1 + rnd(28), rnd(24), rnd(60), join(' ', @w));
}
my (%count, $ips, $mails, $len);
for my $r (1 .. $rounds) {
	for my $line (@lines) {
		$ips++ while $line =~ /\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g;
		$mails++ while $line =~ /\b\w+\@(\w+)\.org\b/g;
		$count{$1}++ while $line =~ /\b((?:ka|lo|mi)\w*?(?:ing|ment|ous))\b/g;
		(my $copy = $line) =~ s/(\w)(\w*)/\U$1\E$2/g;
		$len += length($copy) + scalar(split /\s+/, $copy);
	}
}
my @top = (sort { $count{$b} <=> $count{$a} || $a cmp $b } keys %count)[0 .. 4];
print "$rounds rounds: $ips addresses, $mails mails, $len length, ", scalar(keys %count), " words\n";
print "top: @top\n";
