"""The HTML site: page addresses (``urls``), interface strings (``i18n``),
the link registry (``links``), page contexts (``context``), text to HTML
(``richtext``), static rendering (``render``) and the live server (``serve``)."""
