# perl: fork, a pipe, waitpid and the child's status, kill of a child, regexes and sorting.
use strict;
use warnings;
pipe(my $r, my $w) or die "pipe: $!";
my $pid = fork() // die "fork: $!";
if ($pid == 0) {
	close $r;
	print $w join(",", map { $_ * $_ } 1 .. 10), "\n";
	exit 7;
}
close $w;
my $line = <$r>;
waitpid($pid, 0);
print "child said $line";
print "status ", $? >> 8, "\n";
my $sleeper = fork() // die "fork: $!";
if ($sleeper == 0) { sleep 30; exit 0; }
kill 'TERM', $sleeper or die "kill: $!";
waitpid($sleeper, 0);
print "signal ", $? & 127, "\n";
my %count;
$count{length $_}++ for split /\s+/, "the quick brown fox jumps over the lazy dog " x 50;
print join(" ", map { "$_=$count{$_}" } sort { $a <=> $b } keys %count), "\n";
printf "%.6f %s\n", atan2(1, 1) * 4, scalar reverse "profemu";
