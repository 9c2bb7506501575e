
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'tictactoe' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'tictactoe'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'tictactoe' {
            [CompletionResult]::new('--settings', '--settings', [CompletionResultType]::ParameterName, 'Settings file to load and save (default: settings.ron in the platform''s config directory)')
            [CompletionResult]::new('--position', '--position', [CompletionResultType]::ParameterName, 'Open the game on this position: board notation, as `analyze` takes it (e.g. XOX/OOX/...), or anything Ctrl+V takes in the game (rows on separate lines, as the articles print them). The game plays square boards, 3×3 to 7×7')
            [CompletionResult]::new('--to-move', '--to-move', [CompletionResultType]::ParameterName, 'With --position: whose move it is (default: from the counts)')
            [CompletionResult]::new('--k', '--k', [CompletionResultType]::ParameterName, 'With --position: how many in a row win (default: the board''s usual)')
            [CompletionResult]::new('--tree', '--tree', [CompletionResultType]::ParameterName, 'Open the game on a textbook''s tree (View › A textbook''s tree): nested lists of leaf values, e.g. [[3,12,8],[2,4,6],[14,5,2]] (min: first for a MIN root), or a built-in tree''s name (three-ply, three-cutoffs, worst-order, best-order), as the page''s ?tree= does')
            [CompletionResult]::new('--exercises', '--exercises', [CompletionResultType]::ParameterName, 'Open the game on a set of exercises by its code (e.g. v1-s7-k=value,prune-n=4-3x3), as the page''s ?exercises= does: everyone who opens the same code gets the same set')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('analyze', 'analyze', [CompletionResultType]::ParameterValue, 'Rate every legal move of a position with minimax and print the result as JSON')
            [CompletionResult]::new('tree', 'tree', [CompletionResultType]::ParameterValue, 'Print the game tree below a position with every move''s score, as the explorer shows it')
            [CompletionResult]::new('trace', 'trace', [CompletionResultType]::ParameterValue, 'Print every call a search makes, as JSON lines, as the step-through view shows them')
            [CompletionResult]::new('mcts', 'mcts', [CompletionResultType]::ParameterValue, 'Monte Carlo tree search (UCT) from a position: each move''s visits and estimate beside its exact value, as JSON; with --trace, every iteration''s phases')
            [CompletionResult]::new('match', 'match', [CompletionResultType]::ParameterValue, 'Two computer players against each other on 3×3 (a minimax level or Monte Carlo tree search): each side''s wins, draws and losses, as JSON')
            [CompletionResult]::new('cutoff', 'cutoff', [CompletionResultType]::ParameterValue, 'Depth-limited minimax with an evaluation function at the cutoff: each move''s number beside its exact score, as JSON')
            [CompletionResult]::new('review', 'review', [CompletionResultType]::ParameterValue, 'Review a game move by move: each move''s score, the best score there was, and its class')
            [CompletionResult]::new('exercises', 'exercises', [CompletionResultType]::ParameterValue, 'Print a graded set of exercises (the questions, or with their key as JSON, a GIFT quiz or a Moodle XML quiz), or grade answers to one')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tictactoe;analyze' {
            [CompletionResult]::new('--to-move', '--to-move', [CompletionResultType]::ParameterName, 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)')
            [CompletionResult]::new('--k', '--k', [CompletionResultType]::ParameterName, 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)')
            [CompletionResult]::new('--algorithm', '--algorithm', [CompletionResultType]::ParameterName, 'The search: plain minimax (the reference), textbook alpha-beta (no table), alpha-beta with a table and move ordering (the teaching search) or the solver (the fastest); all give the same scores and lines')
            [CompletionResult]::new('--max-nodes', '--max-nodes', [CompletionResultType]::ParameterName, 'Give up on a board after visiting this many positions (open 5×5 and larger boards can take very long; 3×3 needs at most 549,946 even with plain minimax)')
            [CompletionResult]::new('--time-limit', '--time-limit', [CompletionResultType]::ParameterName, 'Stop each board''s search after this many seconds and print what it settled, with bounds and estimates for the rest (the last fifth of the time goes to the estimates). The solver then settles a best move first, as the app''s computer does: "best" names it once no other move can beat it')
            [CompletionResult]::new('--view', '--view', [CompletionResultType]::ParameterName, 'Whose numbers the scores, bounds and estimates are: `mover` (the player to move maximises: what it prints without --view) or `x` (X maximises, as the articles write minimax: every number is X''s, so on O''s turn O''s best move has the lowest)')
            [CompletionResult]::new('--stats', '--stats', [CompletionResultType]::ParameterName, 'Add the algorithm, positions visited and time taken')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'tictactoe;tree' {
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'How many levels of moves to print below the position (default: 1 for a board, the whole tree for a tree)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'JSON (one object), Graphviz `dot` with minimax''s choices drawn bold, or an SVG picture (MAX and MIN levels, a value at each node, minimax''s line drawn thick; its values are one search''s, seen as --view says, `mover` without it)')
            [CompletionResult]::new('--to-move', '--to-move', [CompletionResultType]::ParameterName, 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)')
            [CompletionResult]::new('--k', '--k', [CompletionResultType]::ParameterName, 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)')
            [CompletionResult]::new('--max-nodes', '--max-nodes', [CompletionResultType]::ParameterName, 'Give up on a position after visiting this many positions in its search (each printed position''s moves are searched with the exact engine, as `analyze` searches them)')
            [CompletionResult]::new('--max-printed', '--max-printed', [CompletionResultType]::ParameterName, 'Stop after printing this many positions, and say so: the JSON''s root gets "complete": false (Graphviz: a comment), with a line on standard error. The tree is written as it is searched, so memory stays small whatever the depth')
            [CompletionResult]::new('--view', '--view', [CompletionResultType]::ParameterName, 'Every node''s score as the value of the one search from the position given: `mover` (its player to move maximises) or `x` (X maximises), depth counted from the position given. Without it each score is the move''s own, for the side that plays it, with depth counted from the node it is played on')
            [CompletionResult]::new('--boards', '--boards', [CompletionResultType]::ParameterName, 'With --format svg, draw each position small under its node (a board''s tree only)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'tictactoe;trace' {
            [CompletionResult]::new('--algorithm', '--algorithm', [CompletionResultType]::ParameterName, 'Plain minimax, or alpha-beta as the textbooks write it (no table: `analyze`''s alphabeta-classic, a name `trace` takes too)')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'How alpha-beta treats a board''s moves: `fresh` searches each with the whole window, as the articles'' findBestMove does (every move''s score exact: what `analyze` and the app''s scores use), `shared` searches the position with one window, as the textbook''s alphabeta(root) (the best so far is alpha for the next move: fewer positions, only the best move''s score exact). A typed tree is always searched from its root with one window')
            [CompletionResult]::new('--to-move', '--to-move', [CompletionResultType]::ParameterName, 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)')
            [CompletionResult]::new('--k', '--k', [CompletionResultType]::ParameterName, 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)')
            [CompletionResult]::new('--max-nodes', '--max-nodes', [CompletionResultType]::ParameterName, 'Give up after visiting this many positions')
            [CompletionResult]::new('--max-lines', '--max-lines', [CompletionResultType]::ParameterName, 'Stop after writing this many event lines (then a last "stopped" line)')
            [CompletionResult]::new('--view', '--view', [CompletionResultType]::ParameterName, 'Who maximises: `mover` (the side to move at the start: what it prints without --view) or `x` (X, as the articles write minimax; every score is X''s)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`json`: the events, a line each. `svg`: the finished search drawn as the app draws it (a tree''s in the tree lab, every node with its value or bound, pruned branches crossed, each cut-off''s sentence under the legend; a board''s as the step-through draws it at the end: the start and its moves'' values)')
            [CompletionResult]::new('--pseudocode', '--pseudocode', [CompletionResultType]::ParameterName, 'Add to each event the line of pseudocode it shows (as "code"), the line the app''s step-through highlights')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'tictactoe;mcts' {
            [CompletionResult]::new('--iterations', '--iterations', [CompletionResultType]::ParameterName, 'How many iterations (selection, expansion, playout, backup) to run')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The random numbers'' seed: the same seed gives the same search, on every machine')
            [CompletionResult]::new('--c', '--c', [CompletionResultType]::ParameterName, 'The exploration constant in UCB1 = W/N + c·√(ln N(parent) / N) (default √2; on a tree, whose rewards are its leaves, scale it to the leaves)')
            [CompletionResult]::new('--max-tree-nodes', '--max-tree-nodes', [CompletionResultType]::ParameterName, 'The most nodes the search tree keeps: once reached, iterations go on without adding nodes, and the JSON says "full": true')
            [CompletionResult]::new('--to-move', '--to-move', [CompletionResultType]::ParameterName, 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)')
            [CompletionResult]::new('--k', '--k', [CompletionResultType]::ParameterName, 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)')
            [CompletionResult]::new('--trace', '--trace', [CompletionResultType]::ParameterName, 'Write every iteration''s phases, one JSON line each, before the result (at most 100000 iterations)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'tictactoe;match' {
            [CompletionResult]::new('--x', '--x', [CompletionResultType]::ParameterName, 'Who plays X: easy, medium, hard, perfect (the game''s minimax levels) or mcts:N (Monte Carlo tree search, N iterations a move)')
            [CompletionResult]::new('--o', '--o', [CompletionResultType]::ParameterName, 'Who plays O, as --x')
            [CompletionResult]::new('--games', '--games', [CompletionResultType]::ParameterName, 'How many games')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The random numbers'' seed (the minimax levels'' choices among equal moves, MCTS''s playouts): the same seed plays the same match')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'tictactoe;cutoff' {
            [CompletionResult]::new('--depth', '--depth', [CompletionResultType]::ParameterName, 'How many plies to look ahead, the move itself counted: positions still open there are judged by the evaluation')
            [CompletionResult]::new('--eval', '--eval', [CompletionResultType]::ParameterName, 'The evaluation at the cutoff: `open-lines` (the side''s open lines minus the opponent''s, a line being open for a side while the opponent has no mark on it) or `zero` (nothing is known beyond the cutoff)')
            [CompletionResult]::new('--to-move', '--to-move', [CompletionResultType]::ParameterName, 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)')
            [CompletionResult]::new('--k', '--k', [CompletionResultType]::ParameterName, 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)')
            [CompletionResult]::new('--max-nodes', '--max-nodes', [CompletionResultType]::ParameterName, 'Give up after visiting this many positions')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'tictactoe;review' {
            [CompletionResult]::new('--game', '--game', [CompletionResultType]::ParameterName, 'Review the game saved in FILE (Game > Save game… in the app) instead')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The position the game started from, when not the empty board (board notation; --first is the side to move there)')
            [CompletionResult]::new('--first', '--first', [CompletionResultType]::ParameterName, 'Who moved first (with --from, the side to move there)')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'The board''s side, 3 to 7 (5×5 and larger can take long to review exactly)')
            [CompletionResult]::new('--k', '--k', [CompletionResultType]::ParameterName, 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7)')
            [CompletionResult]::new('--max-nodes', '--max-nodes', [CompletionResultType]::ParameterName, 'Give up on a position after visiting this many positions: that move''s score (or the best score there was) is printed as null, with "complete": false')
            [CompletionResult]::new('--time-limit', '--time-limit', [CompletionResultType]::ParameterName, 'Stop each position''s search after this many seconds, as --max-nodes stops it')
            [CompletionResult]::new('--view', '--view', [CompletionResultType]::ParameterName, 'Whose numbers each move''s score and best score are, seen from the position before the move: `mover` (the player who made it: what it prints without --view) or `x` (X''s, so an O move''s best score is the lowest there was)')
            [CompletionResult]::new('--practice', '--practice', [CompletionResultType]::ParameterName, 'Give each move that was not best the practice position the app''s Practice (P) deals from it: "practice": the position before the move, the task, the good moves (cell numbers) and the lesson')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'tictactoe;exercises' {
            [CompletionResult]::new('--code', '--code', [CompletionResultType]::ParameterName, 'The set''s code, as a set prints it (e.g. v1-s7-k=value,horizon-n=4-3x3)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'The seed the set is made from: the same seed and options give the same set everywhere')
            [CompletionResult]::new('--kinds', '--kinds', [CompletionResultType]::ParameterName, 'The kinds of exercise, comma-separated, taking turns in this order')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'How many items, 1 to 100; the levels grow along the set')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'The board''s side, 3 or 4 (the horizon kind is on 3×3 only)')
            [CompletionResult]::new('--view', '--view', [CompletionResultType]::ParameterName, 'Whose numbers the values are: `mover` (the player to move''s, the default) or `x` (X maximises, as the articles count)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'What to print: `text` (the questions), `json` (the set with its key), `gift` (a quiz for Moodle and other learning-management systems, with the key), `moodle` (the same quiz as Moodle XML) or `scorm` (a SCORM 1.2 package of the web page with the set, written to --out from the built site in --site). Grading prints `text` (the summary and the items missed) or `json` (the summary and every item graded)')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Grade the answers in FILE (N=ANSWER lines) and print a summary; or grade a hand-in the app wrote (its set''s code is in it): each item, the score, and whether it was edited')
            [CompletionResult]::new('--site', '--site', [CompletionResultType]::ParameterName, 'With --format scorm: the built web page to package (the folder scripts/web-build.sh writes, e.g. target/site)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'With --format scorm: the zip file to write')
            [CompletionResult]::new('--pass-mark', '--pass-mark', [CompletionResultType]::ParameterName, 'With --format scorm: the score out of 100 that passes (the LMS''s mastery score)')
            [CompletionResult]::new('--answer', '--answer', [CompletionResultType]::ParameterName, 'Grade this answer to item N (may be given many times; with --check, it comes after the file''s answers)')
            [CompletionResult]::new('--trees', '--trees', [CompletionResultType]::ParameterName, 'The tree and prune kinds on the textbooks'' abstract trees (built-in and random ones) instead of below board positions')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'tictactoe;help' {
            [CompletionResult]::new('analyze', 'analyze', [CompletionResultType]::ParameterValue, 'Rate every legal move of a position with minimax and print the result as JSON')
            [CompletionResult]::new('tree', 'tree', [CompletionResultType]::ParameterValue, 'Print the game tree below a position with every move''s score, as the explorer shows it')
            [CompletionResult]::new('trace', 'trace', [CompletionResultType]::ParameterValue, 'Print every call a search makes, as JSON lines, as the step-through view shows them')
            [CompletionResult]::new('mcts', 'mcts', [CompletionResultType]::ParameterValue, 'Monte Carlo tree search (UCT) from a position: each move''s visits and estimate beside its exact value, as JSON; with --trace, every iteration''s phases')
            [CompletionResult]::new('match', 'match', [CompletionResultType]::ParameterValue, 'Two computer players against each other on 3×3 (a minimax level or Monte Carlo tree search): each side''s wins, draws and losses, as JSON')
            [CompletionResult]::new('cutoff', 'cutoff', [CompletionResultType]::ParameterValue, 'Depth-limited minimax with an evaluation function at the cutoff: each move''s number beside its exact score, as JSON')
            [CompletionResult]::new('review', 'review', [CompletionResultType]::ParameterValue, 'Review a game move by move: each move''s score, the best score there was, and its class')
            [CompletionResult]::new('exercises', 'exercises', [CompletionResultType]::ParameterValue, 'Print a graded set of exercises (the questions, or with their key as JSON, a GIFT quiz or a Moodle XML quiz), or grade answers to one')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tictactoe;help;analyze' {
            break
        }
        'tictactoe;help;tree' {
            break
        }
        'tictactoe;help;trace' {
            break
        }
        'tictactoe;help;mcts' {
            break
        }
        'tictactoe;help;match' {
            break
        }
        'tictactoe;help;cutoff' {
            break
        }
        'tictactoe;help;review' {
            break
        }
        'tictactoe;help;exercises' {
            break
        }
        'tictactoe;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
