-- The back office's "FAQ packs" menu item opens the packs' list (where a new one is one button away), not the form of
-- a new pack (issue 25; decision 0064).
update nav_menu_items set sref = '/faq/packs' where sref = '/faq/new' and title = 'MENU_FaqPacks';
