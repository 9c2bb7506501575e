//! A stable sort for the short lists the app and the learning layer sort.

/// Sorts `items` by `key`, stably (items with equal keys keep their order), by insertion: for
/// the short lists the app and the learning layer sort (a board's cells, a tree's nodes, a
/// settings file's edits), as fast as the standard library's sort, and a few hundred bytes of
/// the web page's code for each kind of list where the standard library's takes a few
/// kilobytes.
pub fn sort_short_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    for end in 1..items.len() {
        let mut at = end;
        while at > 0 && key(&items[at - 1]) > key(&items[at]) {
            items.swap(at - 1, at);
            at -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    /// The same order as the standard library's stable sort, ties included: lists of every
    /// length up to 40 with few distinct keys, so that most keys repeat.
    #[test]
    fn sort_short_by_key_orders_as_the_standard_stable_sort() {
        let mut state = 12_345_u32;
        let mut next = || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            state >> 16
        };
        for len in 0..=40 {
            for _ in 0..20 {
                let items: Vec<(u32, usize)> = (0..len).map(|at| (next() % 5, at)).collect();
                let mut ours = items.clone();
                super::sort_short_by_key(&mut ours, |&(key, _)| key);
                let mut expected = items;
                expected.sort_by_key(|&(key, _)| key);
                assert_eq!(ours, expected);
            }
        }
    }
}
