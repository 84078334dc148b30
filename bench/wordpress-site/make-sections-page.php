<?php
// WordPress's side of bench/custom-page-sections.mjs (issue 45): the same page of 20 sections,
// made of the block editor's own blocks through WordPress's own functions, with the same German
// words (read from bench/lib/sections-page.mjs's JSON in SECTIONS_FILES, beside the flyer) and
// the same two pictures (SECTIONS_IMAGES/bild-1.jpg and bild-2.jpg; bild-3 to bild-5 are the
// reference posts' featured images). Each of our sections becomes what a WordPress editor would
// use for it:
//   text            headings, paragraphs and lists (core/heading, core/paragraph, core/list)
//   picture         an image from the media library with its caption (core/image)
//   textPicture     two columns: the text and an image (core/columns)
//   figures         columns of a large value and its label (core/columns)
//   references      a heading and the latest posts of the category "Referenzen" with their
//                   featured images (core/latest-posts, rendered by PHP on each request)
//   callToAction    a dark group with a heading, a paragraph and a button (core/group, core/buttons)
//   downloads       a heading and a file block with its download button (core/file)
//   faq             a heading and each question as a smaller heading over its answer (WordPress
//                   6.1 has no details block; it came in 6.3)
// Usage: make-sections-site.sh runs it through the fixture's wp-bootstrap.php.
require getenv('WP_BOOTSTRAP') ?: dirname(__DIR__, 2) . '/server/src/modules/wordpress-import/fixtures/make-fixture/wp-bootstrap.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/media.php';

wp_set_current_user(1);
$files = getenv('SECTIONS_FILES');
$images = getenv('SECTIONS_IMAGES');
$source = json_decode(file_get_contents("$files/sections-page.json"), true);
$page = $source['page'];
$lang = 'de';

function fail_on($result) {
    if (is_wp_error($result)) {
        fwrite(STDERR, $result->get_error_message() . "\n");
        exit(1);
    }
    return $result;
}

/** A file into the media library, as an upload through the dashboard would put it there. */
function media($path, $title, $alt = null) {
    $tmp = wp_tempnam(basename($path));
    copy($path, $tmp);
    $id = fail_on(media_handle_sideload(array('name' => basename($path), 'tmp_name' => $tmp), 0, $title));
    if ($alt !== null) update_post_meta($id, '_wp_attachment_image_alt', wp_slash($alt));
    return $id;
}

/** A block's comment delimiters around its saved HTML. */
function block($name, $html, $attributes = array()) {
    $json = $attributes ? ' ' . wp_json_encode($attributes, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES) : '';
    return "<!-- wp:$name$json -->\n$html\n<!-- /wp:$name -->\n\n";
}

/** Runs of text as HTML: bold, italic, links. */
function runs($runs) {
    $html = '';
    foreach ($runs as $run) {
        $text = esc_html($run['text']);
        if (!empty($run['italic'])) $text = "<em>$text</em>";
        if (!empty($run['bold'])) $text = "<strong>$text</strong>";
        if (!empty($run['href'])) $text = '<a href="' . esc_url($run['href']) . "\">$text</a>";
        $html .= $text;
    }
    return $html;
}

function heading($level, $html) {
    return block('heading', "<h$level>$html</h$level>", $level === 2 ? array() : array('level' => $level));
}
function paragraph($html, $attributes = array(), $class = '') {
    $class = $class ? " class=\"$class\"" : '';
    return block('paragraph', "<p$class>$html</p>", $attributes);
}

/** Our rich text as WordPress's heading, paragraph and list blocks. */
function rich_text($blocks) {
    $out = '';
    foreach ($blocks as $block) {
        if ($block['type'] === 'heading') $out .= heading($block['level'], runs($block['content']));
        elseif ($block['type'] === 'paragraph') $out .= paragraph(runs($block['content']));
        else {
            $tag = $block['ordered'] ? 'ol' : 'ul';
            $items = '';
            foreach ($block['items'] as $item) $items .= block('list-item', '<li>' . runs($item) . '</li>');
            $out .= block('list', "<$tag>$items</$tag>", $block['ordered'] ? array('ordered' => true) : array());
        }
    }
    return $out;
}

/** Plain text with blank lines between paragraphs, as paragraph blocks. */
function paragraphs($text) {
    $out = '';
    foreach (preg_split('/\n\s*\n/', trim($text)) as $part) $out .= paragraph(esc_html($part));
    return $out;
}

function image($id, $alt, $caption = '') {
    $src = esc_url(wp_get_attachment_image_src($id, 'large')[0]);
    $caption = $caption ? '<figcaption class="wp-element-caption">' . esc_html($caption) . '</figcaption>' : '';
    return block(
        'image',
        "<figure class=\"wp-block-image size-large\"><img src=\"$src\" alt=\"" . esc_attr($alt) . "\" class=\"wp-image-$id\"/>$caption</figure>",
        array('id' => $id, 'sizeSlug' => 'large', 'linkDestination' => 'none')
    );
}

function columns($columns, $attributes = array()) {
    $inner = '';
    foreach ($columns as $column) $inner .= block('column', "<div class=\"wp-block-column\">$column</div>");
    return block('columns', "<div class=\"wp-block-columns\">$inner</div>", $attributes);
}

// A fresh site: its sample content gone, addresses as words.
foreach (get_posts(array('post_type' => array('post', 'page', 'attachment'), 'post_status' => 'any', 'numberposts' => -1)) as $post) {
    wp_delete_post($post->ID, true);
}
global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');
$wp_rewrite->flush_rules(false);

$files_by_key = array();
foreach ($source['files'] as $key => $file) {
    $files_by_key[$key] = isset($file['picture'])
        ? media("$images/bild-{$file['picture']}.jpg", $file['title'][$lang], $source['alt'][$key][$lang])
        : media("$files/{$file['name']}", $file['title'][$lang]);
}

// The references: three posts with a featured image, as our sample's newest three.
$referenzen = fail_on(wp_insert_term('Referenzen', 'category', array('slug' => 'referenzen')))['term_id'];
$references = array(
    array('Neubau eines Rechenzentrums, Blitzschutzklasse I', 'Frankfurt am Main'),
    array('Stadtkirche: Blitzschutz am 58 m hohen Kirchturm', 'Friedberg (Hessen)'),
    array('Batteriespeicher 20 MW am Umspannwerk', 'Bruchköbel'),
);
foreach ($references as $i => list($title, $place)) {
    $post = fail_on(wp_insert_post(wp_slash(array(
        'post_type' => 'post',
        'post_status' => 'publish',
        'post_title' => $title,
        'post_date' => date('Y-m-d H:i:s', time() - (3 - $i) * 86400),
        'post_category' => array($referenzen),
        'post_content' => paragraph(esc_html("Blitzschutz und Erdung, $place.")),
    )), true));
    set_post_thumbnail($post, media("$images/bild-" . ($i + 3) . '.jpg', $title, "$title, $place"));
}

$content = '';
foreach ($page['sections'] as $section) {
    switch ($section['kind']) {
        case 'text':
            $content .= rich_text($section['text'][$lang]);
            break;
        case 'picture':
            $id = $files_by_key[$section['fileId']];
            $alt = $section['alt'][$lang] ?: $source['alt'][$section['fileId']][$lang];
            $content .= image($id, $alt, $section['caption'][$lang]);
            break;
        case 'textPicture':
            $id = $files_by_key[$section['fileId']];
            $alt = $section['alt'][$lang] ?: $source['alt'][$section['fileId']][$lang];
            $text = rich_text($section['text'][$lang]);
            $picture = image($id, $alt);
            $content .= columns($section['side'] === 'left' ? array($picture, $text) : array($text, $picture), array('verticalAlignment' => 'center'));
            break;
        case 'figures':
            $cells = array();
            foreach ($section['items'] as $item) {
                $cells[] = paragraph('<strong>' . esc_html($item['value']) . '</strong>', array('fontSize' => 'x-large'), 'has-x-large-font-size')
                    . paragraph(esc_html($item['label'][$lang]), array('fontSize' => 'small'), 'has-small-font-size');
            }
            $content .= columns($cells);
            break;
        case 'references':
            $content .= heading(2, esc_html($section['heading'][$lang]));
            $content .= "<!-- wp:latest-posts " . wp_json_encode(array(
                'categories' => array(array('id' => $referenzen, 'value' => 'Referenzen')),
                'postsToShow' => $section['limit'],
                'displayFeaturedImage' => true,
                'featuredImageSizeSlug' => 'medium',
                'postLayout' => 'grid',
                'columns' => 3,
            )) . " /-->\n\n";
            $content .= paragraph('<a href="' . esc_url(get_category_link($referenzen)) . '">Alle Referenzen ansehen</a>');
            break;
        case 'callToAction':
            $inner = heading(2, esc_html($section['heading'][$lang])) . paragraphs($section['text'][$lang])
                . block('buttons', '<div class="wp-block-buttons">' . block('button', '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="/kontakt/">' . esc_html($section['button'][$lang]) . '</a></div>') . '</div>');
            $content .= block(
                'group',
                "<div class=\"wp-block-group has-base-color has-contrast-background-color has-text-color has-background\">$inner</div>",
                array('backgroundColor' => 'contrast', 'textColor' => 'base', 'layout' => array('type' => 'constrained'))
            );
            break;
        case 'downloads':
            $content .= heading(2, esc_html($section['heading'][$lang]));
            foreach ($section['fileIds'] as $key) {
                $id = $files_by_key[$key];
                $href = esc_url(wp_get_attachment_url($id));
                $title = esc_html(get_the_title($id));
                $content .= block(
                    'file',
                    "<div class=\"wp-block-file\"><a id=\"wp-block-file--media-$id\" href=\"$href\">$title</a><a href=\"$href\" class=\"wp-block-file__button wp-element-button\" download aria-describedby=\"wp-block-file--media-$id\">Herunterladen</a></div>",
                    array('id' => $id, 'href' => $href)
                );
            }
            break;
        case 'faq':
            $content .= heading(2, esc_html($section['heading'][$lang]));
            foreach ($section['items'] as $item) {
                $content .= heading(3, esc_html($item['question'][$lang])) . paragraphs($item['answer'][$lang]);
            }
            break;
    }
}

$id = fail_on(wp_insert_post(wp_slash(array(
    'post_type' => 'page',
    'post_status' => 'publish',
    'post_title' => $page['title'][$lang],
    'post_name' => strtolower(ltrim($page['address'], '/')),
    'post_content' => $content,
)), true));
echo 'page ' . get_permalink($id) . ', ' . count($page['sections']) . " sections\n";
