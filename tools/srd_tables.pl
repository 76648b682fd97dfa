#!/usr/bin/env perl
# tools/srd_tables.pl -- writes data/srd_tables.c, the product's monster and
# magic-item tables, from the SRD 5.1 facts in ../shared/data/srd-5.1/.
#   perl tools/srd_tables.pl [DATA_DIR] > data/srd_tables.c
#   perl tools/srd_tables.pl --ids [DATA_DIR] > data/srd_monster_ids.h
#   perl tools/srd_tables.pl --rules 2024 [DATA_DIR] > data/srd_tables_2024.c
# (--rules 2024: the same tables from SRD 5.2.1's facts in
# ../shared/data/srd-5.2/, named dg__monsters_2024 and dg__magic_items_2024,
# plus dg__monster_2024_of: for each 5.1 monster (by its index in
# dg__monsters, which the motif rows name) its 5.2.1 row, matched by name
# or through the renames below, -1 where SRD 5.2.1 has no such creature.
# One table of casts then serves both rules: the rows name a creature once.)
# (--ids: an enum naming every monster's table index plus one, so that the
# motif and theme rows name their casts by compile-checked constants.)
# The generated C is committed, so the build never needs the facts; the test
# test_srd_tables runs this script again and compares its output with the
# committed file, so the table cannot drift from the facts unnoticed.
#
# What it does to the facts, and why:
#  - a creature listed once per form (the lycanthropes' human, hybrid and
#    animal forms; the vampire's vampire, bat and mist forms) is one monster
#    under its own name: its figures are the same in every form, its speeds
#    and senses the union of them (the rows are "Werewolf, Wolf Form" ...);
#  - monsters are sorted by XP, then name, so that stocking finds every
#    monster whose XP lies in a range with two binary searches;
#  - speeds become flags (walk, swim, fly, burrow, climb) and the fastest
#    over land (walk, fly, burrow) a number of feet (land_ft), immunities flags
#    (the ten damage types that occur), sizes and types enum values.
use strict;
use warnings;

my $ids = @ARGV && $ARGV[0] eq '--ids' ? shift : '';
my $rules = 2014;
if (@ARGV && $ARGV[0] eq '--rules') { shift; $rules = shift // die "srd_tables: --rules 2014|2024\n" }
die "srd_tables: --rules 2014|2024\n" unless $rules eq '2014' || $rules eq '2024';
my $dir = shift // do {
    my $here = $0; $here =~ s{/[^/]*$}{};
    "$here/../../shared/data/" . ($rules eq '2024' ? 'srd-5.2' : 'srd-5.1');
};
# 2024: the 5.1 facts beside the 5.2 ones, for the mapping
(my $dir51 = $dir) =~ s{srd-5\.2/?$}{srd-5.1};

# SRD 5.2.1 renamed these 5.1 creatures (the 2024 Monster Manual's names
# for the same stat block's role); each maps to its new row. A 5.1
# creature neither here nor in 5.2.1 by name (Deep Gnome, Drow, Duergar,
# Lizardfolk, Orc: peoples the 2024 rules made player species, with no
# SRD stat block) maps to none, and the roster builder leaves it out of
# its role (the role's other creatures stand in; stock/stock_encounter.c).
my %renamed = (
    'Acolyte' => 'Priest Acolyte',                 # the 2024 name
    'Androsphinx' => 'Sphinx of Valor',            # the sphinxes renamed by what they guard
    'Gynosphinx' => 'Sphinx of Lore',
    'Azer' => 'Azer Sentinel',
    'Bugbear' => 'Bugbear Warrior',                # the rank and file of each people
    'Gnoll' => 'Gnoll Warrior',
    'Goblin' => 'Goblin Warrior',
    'Hobgoblin' => 'Hobgoblin Warrior',
    'Kobold' => 'Kobold Warrior',
    'Merfolk' => 'Merfolk Skirmisher',
    'Sahuagin' => 'Sahuagin Warrior',
    'Centaur' => 'Centaur Trooper',
    'Cult Fanatic' => 'Cultist Fanatic',
    'Flying Sword' => 'Animated Flying Sword',     # the animated objects carry "Animated"
    'Rug of Smothering' => 'Animated Rug of Smothering',
    'Giant Poisonous Snake' => 'Giant Venomous Snake', # "poisonous" became "venomous"
    'Poisonous Snake' => 'Venomous Snake',
    'Swarm of Poisonous Snakes' => 'Swarm of Venomous Snakes',
    'Giant Rat (Diseased)' => 'Giant Rat',         # 5.2.1 has the one giant rat
    'Giant Sea Horse' => 'Giant Seahorse',
    'Sea Horse' => 'Seahorse',
    'Quipper' => 'Piranha',                        # the same fish, its real name
    'Swarm of Quippers' => 'Swarm of Piranhas',
    'Swarm of Beetles' => 'Swarm of Insects',      # 5.2.1 has one insect swarm
    'Swarm of Centipedes' => 'Swarm of Insects',
    'Swarm of Spiders' => 'Swarm of Insects',
    'Swarm of Wasps' => 'Swarm of Insects',
    'Half-Red Dragon Veteran' => 'Half-Dragon',
    'Minotaur' => 'Minotaur of Baphomet',
    'Shrieker' => 'Shrieker Fungus',
    'Succubus/Incubus' => 'Succubus',              # 5.2.1 prints the two apart; same figures
    'Thug' => 'Tough',
    'Tribal Warrior' => 'Warrior Infantry',
    'Veteran' => 'Warrior Veteran',
);

my @sizes = qw(Tiny Small Medium Large Huge Gargantuan);
my @types = ('aberration', 'beast', 'celestial', 'construct', 'dragon', 'elemental', 'fey',
             'fiend', 'giant', 'humanoid', 'monstrosity', 'ooze', 'plant',
             'swarm of Tiny beasts', 'undead', 'swarm of Tiny undead');
my @immune = qw(acid cold fire lightning necrotic poison psychic slashing thunder radiant);
my %size_ix = map { $sizes[$_] => $_ } 0 .. $#sizes;
# 5.2.1 prints 36 creatures "Medium or Small" (the GM's choice): Medium,
# the larger, so a room that must hold one is never too small
$size_ix{'Medium or Small'} = $size_ix{Medium};
my %type_ix = map { $types[$_] => $_ } 0 .. $#types;
my %imm_ix  = map { $immune[$_] => $_ } 0 .. $#immune;
my %rarity = ('Common' => 'DG_RARITY_COMMON', 'Uncommon' => 'DG_RARITY_UNCOMMON',
              'Rare' => 'DG_RARITY_RARE', 'Very Rare' => 'DG_RARITY_VERY_RARE',
              'Legendary' => 'DG_RARITY_LEGENDARY', 'Varies' => 'DG_RARITY_VARIES',
              'Artifact' => 'DG_RARITY_ARTIFACT');

sub rows {
    my ($file) = @_;
    open my $fh, '<', $file or die "srd_tables: cannot read $file: $!\n";
    my $head = <$fh>;
    chomp $head;
    my @keys = split /\t/, $head, -1;
    my @out;
    while (my $line = <$fh>) {
        chomp $line;
        next if $line eq '';
        my @v = split /\t/, $line, -1;
        my %r;
        @r{@keys} = @v;
        push @out, \%r;
    }
    return @out;
}

sub cr8 {
    my ($cr) = @_;
    return $1 * 8 / $2 if $cr =~ m{^(\d+)/(\d+)$};
    die "srd_tables: bad cr '$cr'\n" unless $cr =~ /^\d+$/;
    return $cr * 8;
}

sub cstr {
    my ($s) = @_;
    $s =~ s/(["\\])/\\$1/g;
    return "\"$s\"";
}

# ---------------------------------------------------------------- monsters
sub monsters {
my ($from) = @_;
my (%mon, @order);
for my $r (rows("$from/monsters.tsv")) {
    my $name = $r->{name};
    $name =~ s/, [^,]* Form$//;           # one monster, whatever its form
    my $speeds = 0;
    my $k = 0;
    for my $s (qw(walk_ft swim_ft fly_ft burrow_ft climb_ft)) {
        $speeds |= 1 << $k if $r->{$s} ne '' && $r->{$s} > 0;
        $k++;
    }
    # its fastest speed over land (walk, fly, burrow; not swim): whether it
    # can wander the corridors. Not climb: a climber that hardly walks (the
    # 2024 roper: climb 20 ft., walk 10 ft.) climbs to its perch and waits
    my $land = 0;
    for my $s (qw(walk_ft fly_ft burrow_ft)) {
        $land = $r->{$s} + 0 if $r->{$s} ne '' && $r->{$s} > $land;
    }
    my $imm = 0;
    for my $i (split /\s*,\s*/, $r->{damage_immunities}) {
        next if $i eq '';
        die "srd_tables: unknown immunity '$i' ($name)\n" unless exists $imm_ix{$i};
        $imm |= 1 << $imm_ix{$i};
    }
    die "srd_tables: unknown size '$r->{size}'\n" unless exists $size_ix{$r->{size}};
    die "srd_tables: unknown type '$r->{type}'\n" unless exists $type_ix{$r->{type}};
    my $m = {
        name => $name, cr => $r->{cr}, cr8 => cr8($r->{cr}), xp => $r->{xp} + 0,
        ac => $r->{ac} + 0, hp => $r->{hp} + 0, size => $size_ix{$r->{size}},
        type => $type_ix{$r->{type}}, subtype => $r->{subtype}, speeds => $speeds,
        immune => $imm, dark => $r->{sees_in_dark} eq 'yes' ? 1 : 0, land => $land,
    };
    if (my $old = $mon{$name}) {
        for my $f (qw(cr xp hp size type subtype)) {
            die "srd_tables: forms of $name differ in $f\n" if $old->{$f} ne $m->{$f};
        }
        $old->{speeds} |= $m->{speeds};
        $old->{immune} |= $m->{immune};
        $old->{dark} ||= $m->{dark};
        $old->{land} = $m->{land} if $m->{land} > $old->{land};
        $old->{ac} = $m->{ac} if $m->{ac} > $old->{ac};
        next;
    }
    $mon{$name} = $m;
    push @order, $name;
}
return sort { $a->{xp} <=> $b->{xp} || $a->{name} cmp $b->{name} } values %mon;
}
my @mons = monsters($dir);

# ------------------------------------------------------------- magic items
my @items = sort { $a->{name} cmp $b->{name} } rows("$dir/magic_items.tsv");

# ------------------------------------------------------------------ output
if ($ids) {
    print <<'EOT';
/* srd_monster_ids.h -- GENERATED by tools/srd_tables.pl --ids; do not edit.
 * DG__M_<NAME> is the monster's index in dg__monsters plus one, so that 0
 * ends a cast list in a designated initializer (stock_themes.c). */
#ifndef DG_SRD_MONSTER_IDS_H
#define DG_SRD_MONSTER_IDS_H

enum {
EOT
    my $k = 1;
    for my $m (@mons) {
        (my $id = uc $m->{name}) =~ s/[^A-Z0-9]+/_/g;
        $id =~ s/^_|_$//g;
        printf "    DG__M_%s = %d,\n", $id, $k++;
    }
    print "};\n\n#endif\n";
    exit 0;
}
if ($rules eq '2024') {
    my @m51 = monsters($dir51);
    my %at = map { $mons[$_]{name} => $_ } 0 .. $#mons;
    print <<'EOT';
/* srd_tables_2024.c -- GENERATED by tools/srd_tables.pl --rules 2024 from
 * SRD 5.2.1's monster and magic-item facts; do not edit (run the script
 * again). Monsters are sorted by XP then name; magic items by name.
 * dg__monster_2024_of[i] is the 5.2.1 row of 5.1 monster i (dg__monsters),
 * by name or the script's renames; -1: SRD 5.2.1 has no such creature.
 *
 * This work includes material from the System Reference Document 5.2.1
 * ("SRD 5.2.1") by Wizards of the Coast LLC, available at
 * https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
 * Creative Commons Attribution 4.0 International License, available at
 * https://creativecommons.org/licenses/by/4.0/legalcode. */
#include "srd_tables.h"

EOT
    print_tables('_2024', 'DG__MONSTER_COUNT_2024', 'DG__MAGIC_ITEM_COUNT_2024');
    printf "const short dg__monster_2024_of[DG__MONSTER_COUNT] = {\n";
    my $none = 0;
    for my $m (@m51) {
        my $to = $renamed{$m->{name}} // $m->{name};
        die "srd_tables: rename of $m->{name} to $to: no such 5.2.1 row\n"
            if $renamed{$m->{name}} && !exists $at{$to};
        my $k = $at{$to} // -1;
        $none++ if $k < 0;
        printf "    %d, /* %s%s */\n", $k, $m->{name}, $k < 0 ? ': none' : $to ne $m->{name} ? " -> $to" : '';
    }
    printf "};\n";
    printf STDERR "srd_tables: %d monsters, %d magic items; %d of 5.1's monsters have no 5.2.1 row\n",
        scalar @mons, scalar @items, $none;
    exit 0;
}
print <<'EOT';
/* srd_tables.c -- GENERATED by tools/srd_tables.pl from SRD 5.1's monster
 * and magic-item facts; do not edit (run the script again). Monsters are
 * sorted by XP then name; magic items by name.
 *
 * This work includes material taken from the System Reference Document 5.1
 * ("SRD 5.1") by Wizards of the Coast LLC and available at
 * https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1
 * is licensed under the Creative Commons Attribution 4.0 International
 * License available at https://creativecommons.org/licenses/by/4.0/legalcode. */
#include "srd_tables.h"

EOT
print_tables('', 'DG__MONSTER_COUNT', 'DG__MAGIC_ITEM_COUNT');
printf STDERR "srd_tables: %d monsters, %d magic items\n", scalar @mons, scalar @items;

sub print_tables {
my ($suffix, $mcount, $icount) = @_;
printf "const dg_monster dg__monsters%s[%s] = {\n", $suffix, $mcount;
for my $m (@mons) {
    my @sp;
    my @sn = qw(WALK SWIM FLY BURROW CLIMB);
    for my $k (0 .. 4) { push @sp, "DG_SPEED_$sn[$k]" if $m->{speeds} & (1 << $k) }
    my @im;
    for my $k (0 .. $#immune) { push @im, 'DG_IMMUNE_' . uc($immune[$k]) if $m->{immune} & (1 << $k) }
    my $tname = uc $types[$m->{type}];
    $tname = $tname =~ /UNDEAD$/ ? 'SWARM_UNDEAD' : 'SWARM' if $tname =~ /^SWARM/;
    printf "    {%s, %s, %d, %d, %d, %d, DG_SIZE_%s, DG_TYPE_%s, %s, %s, %s, %s, %d},\n",
        cstr($m->{name}), cstr($m->{cr}), $m->{cr8}, $m->{xp}, $m->{ac}, $m->{hp},
        uc $sizes[$m->{size}], $tname, cstr($m->{subtype}),
        @sp ? join('|', @sp) : '0', @im ? join('|', @im) : '0', $m->{dark} ? 'true' : 'false', $m->{land};
}
printf "};\n\n";
printf "const dg_magic_item dg__magic_items%s[%s] = {\n", $suffix, $icount;
for my $i (@items) {
    die "srd_tables: unknown rarity '$i->{rarity}'\n" unless $rarity{$i->{rarity}};
    printf "    {%s, %s, %s},\n", cstr($i->{name}), $rarity{$i->{rarity}}, cstr($i->{category});
}
printf "};\n";
printf "\n" if $suffix;
}
