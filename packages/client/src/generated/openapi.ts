// Generated from the server's /openapi.json by packages/client/scripts/generate-types.ts.
// Do not edit: run `npm run generate:client` after changing a route schema.

export interface paths {
    "/admin/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description Create an account
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "example",
                     *       "discordId": "123456789012345678",
                     *       "licenceExpiresAt": "2026-02-11T15:25:00.000Z"
                     *     }
                     */
                    "application/json": {
                        discordId?: string | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                         * @example 2026-02-11T15:25:00.000Z
                         */
                        licenceExpiresAt?: string | null;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "name": "example",
                         *       "discordId": "example",
                         *       "licenceExpiresAt": "2026-02-11T15:25:00.000Z",
                         *       "banned": false
                         *     }
                         */
                        "application/json": {
                            banned: boolean;
                            discordId: string | null;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            licenceExpiresAt: string | null;
                            name: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account
         * @description Read an account
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "name": "example",
                         *       "discordId": "example",
                         *       "licenceExpiresAt": "2026-02-11T15:25:00.000Z",
                         *       "banned": false
                         *     }
                         */
                        "application/json": {
                            banned: boolean;
                            discordId: string | null;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            licenceExpiresAt: string | null;
                            name: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete an account
         * @description Its keys then answer 404 account_not_found; its PINs stay for the record.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename, ban or unban an account, or change its licence expiry
         * @description Rename, ban or unban an account, or change its licence expiry
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "example",
                     *       "banned": false,
                     *       "licenceExpiresAt": "2026-02-11T15:25:00.000Z"
                     *     }
                     */
                    "application/json": {
                        banned?: boolean;
                        /**
                         * Format: date-time
                         * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                         * @example 2026-02-11T15:25:00.000Z
                         */
                        licenceExpiresAt?: string | null;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "name": "example",
                         *       "discordId": "example",
                         *       "licenceExpiresAt": "2026-02-11T15:25:00.000Z",
                         *       "banned": false
                         *     }
                         */
                        "application/json": {
                            banned: boolean;
                            discordId: string | null;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            licenceExpiresAt: string | null;
                            name: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/accounts/{id}/custom-keywords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the account's custom suspicious keywords
         * @description Replace the account's custom suspicious keywords
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "keywords": [
                     *         "example"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        keywords: string[];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "accountId": 1,
                         *       "keywords": [
                         *         "example"
                         *       ]
                         *     }
                         */
                        "application/json": {
                            accountId: number;
                            keywords: string[];
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's keys
         * @description List an account's keys
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": 1,
                         *         "prefix": "example",
                         *         "name": "example",
                         *         "permissions": [
                         *           "example"
                         *         ],
                         *         "createdAt": "2026-02-11T15:25:00.000Z",
                         *         "lastUsedAt": "2026-02-11T15:25:00.000Z",
                         *         "revoked": false
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastUsedAt: string | null;
                            name: string | null;
                            permissions: string[];
                            prefix: string;
                            revoked: boolean;
                        }[];
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Issue an API key
         * @description The raw key is in this answer only; the service keeps just its SHA-256 hash.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "example",
                     *       "permissions": [
                     *         "pins:create"
                     *       ],
                     *       "rateLimitPerHour": 1
                     *     }
                     */
                    "application/json": {
                        name?: string | null;
                        permissions: ("pins:create" | "pins:status" | "pins:results" | "user:risk-score" | "scanned-users:lookup" | "webhooks:manage")[];
                        rateLimitPerHour?: number | null;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "key": "example",
                         *       "prefix": "example",
                         *       "permissions": [
                         *         "example"
                         *       ]
                         *     }
                         */
                        "application/json": {
                            id: number;
                            /** @description The raw key. Shown this once; store it now. */
                            key: string;
                            permissions: string[];
                            prefix: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{id}/sign-in-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a one-time dashboard sign-in link for the account
         * @description Valid 15 minutes, good for one sign-in. Built from PUBLIC_URL. See docs/dashboard.md.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "url": "example",
                         *       "expiresAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the audit trail
         * @description Every consequential action, newest first: who (operator, API key or dashboard session), what, on which resource, when, for which Enterprise, and whether it took effect or was refused. Filters combine; page with `before` = the previous page’s `nextBefore`.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: {
                    action?: "account.create" | "account.update" | "account.delete" | "enterprise.create" | "enterprise.update" | "api_key.create" | "api_key.revoke" | "ban.create" | "ban.lift" | "reason.create" | "member.add" | "member.remove" | "invite.create" | "invite.accept" | "invite.revoke" | "webhook.create" | "webhook.update" | "webhook.delete" | "webhook.rotate_secret" | "pin.create" | "scanned_user.export" | "scanned_user.erase" | "rule.create" | "rule.update" | "discord_guild.connect" | "discord_guild.update" | "discord_guild.disconnect" | "discord_connect_code.create" | "scanned_user.lookup" | "scanned_user.risk_score" | "share_link.create" | "scanner_client.register" | "scanner_client.expire" | "scanner_client.revoke";
                    actorAccountId?: number;
                    actorKind?: "operator" | "key" | "session" | "sign_in" | "discord";
                    /** @description `nextBefore` of the previous page. */
                    before?: number;
                    enterpriseId?: number;
                    limit?: number;
                    outcome?: "succeeded" | "refused";
                    resourceId?: number;
                    resourceType?: "account" | "api_key" | "ban" | "reason" | "enterprise" | "invite" | "webhook" | "pin" | "scanned_user" | "rule" | "scanner_client";
                    /**
                     * @description Only entries at or after this instant. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                     * @example 2026-02-11T15:25:00.000Z
                     */
                    since?: string;
                    /**
                     * @description Only entries before this instant. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                     * @example 2026-02-11T15:25:00.000Z
                     */
                    until?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "at": "2026-02-11T15:25:00.000Z",
                         *           "actor": {
                         *             "kind": "operator",
                         *             "accountId": 1,
                         *             "keyId": 1,
                         *             "sessionId": 1,
                         *             "discordUserId": "example"
                         *           },
                         *           "action": "account.create",
                         *           "resource": {
                         *             "type": "account",
                         *             "id": 1
                         *           },
                         *           "enterpriseId": 1,
                         *           "outcome": "succeeded",
                         *           "code": "example",
                         *           "detail": {}
                         *         }
                         *       ],
                         *       "nextBefore": 1
                         *     }
                         */
                        "application/json": {
                            data: {
                                /** @enum {unknown} */
                                action: "account.create" | "account.update" | "account.delete" | "enterprise.create" | "enterprise.update" | "api_key.create" | "api_key.revoke" | "ban.create" | "ban.lift" | "reason.create" | "member.add" | "member.remove" | "invite.create" | "invite.accept" | "invite.revoke" | "webhook.create" | "webhook.update" | "webhook.delete" | "webhook.rotate_secret" | "pin.create" | "scanned_user.export" | "scanned_user.erase" | "rule.create" | "rule.update" | "discord_guild.connect" | "discord_guild.update" | "discord_guild.disconnect" | "discord_connect_code.create" | "scanned_user.lookup" | "scanned_user.risk_score" | "share_link.create" | "scanner_client.register" | "scanner_client.expire" | "scanner_client.revoke";
                                actor: {
                                    accountId: number | null;
                                    /** @description The staff member’s Discord user ID, when `kind` is discord. */
                                    discordUserId: string | null;
                                    keyId: number | null;
                                    /**
                                     * @description operator: the x-admin-token (or the CLI). key: an API key. session: a signed-in person. sign_in: an account signing in with Discord (an invite accepted on the way in). discord: a staff member through the built-in Discord app, for the Enterprise of `accountId`.
                                     * @enum {unknown}
                                     */
                                    kind: "operator" | "key" | "session" | "sign_in" | "discord";
                                    sessionId: number | null;
                                };
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                at: string;
                                /** @description The refusal’s problem code when outcome is refused. */
                                code: string | null;
                                /** @description Non-secret facts about the action; never a key, token, secret, hardware ID, IP or a player’s Discord ID. */
                                detail: {
                                    [key: string]: string | number | boolean | null | string[];
                                };
                                enterpriseId: number | null;
                                id: number;
                                /** @enum {unknown} */
                                outcome: "succeeded" | "refused";
                                resource: {
                                    /** @description The row id; null when there is none to name (e.g. an erased player). */
                                    id: number | null;
                                    /** @enum {unknown} */
                                    type: "account" | "api_key" | "ban" | "reason" | "enterprise" | "invite" | "webhook" | "pin" | "scanned_user" | "rule" | "scanner_client";
                                };
                            }[];
                            /** @description Pass as `before` for the next, older page. */
                            nextBefore: number | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/bans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Lift a ban or warning
         * @description It then shows as expired.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: ban_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/bootstrap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an owner account, its Enterprise and a key with every permission
         * @description In one transaction: a failure part-way leaves nothing behind.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "enterprise": "example",
                     *       "owner": "example",
                     *       "discordId": "123456789012345678"
                     *     }
                     */
                    "application/json": {
                        discordId?: string | null;
                        enterprise: string;
                        owner?: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "accountId": 1,
                         *       "enterpriseId": 1,
                         *       "keyId": 1,
                         *       "key": "example",
                         *       "signIn": {
                         *         "url": "example",
                         *         "expiresAt": "2026-02-11T15:25:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            accountId: number;
                            enterpriseId: number;
                            /** @description The raw key. Shown this once; store it now. */
                            key: string;
                            keyId: number;
                            signIn: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                expiresAt: string;
                                /** @description A one-time link (15 minutes) that signs the owner in to the dashboard. */
                                url: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/enterprises": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an Enterprise owned by an account
         * @description Create an Enterprise owned by an account
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "example",
                     *       "ownerAccountId": 1
                     *     }
                     */
                    "application/json": {
                        name: string;
                        ownerAccountId: number;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "name": "example",
                         *       "ownerAccountId": 1,
                         *       "active": false,
                         *       "reportsShared": false
                         *     }
                         */
                        "application/json": {
                            active: boolean;
                            id: number;
                            name: string;
                            ownerAccountId: number;
                            /** @description false: the Enterprise's reports from now on count only inside it, proven or not (docs/risk-score.md, "Whose scan it is"). */
                            reportsShared: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: already_member. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/enterprises/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an Enterprise
         * @description Read an Enterprise
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "name": "example",
                         *       "ownerAccountId": 1,
                         *       "active": false,
                         *       "reportsShared": false
                         *     }
                         */
                        "application/json": {
                            active: boolean;
                            id: number;
                            name: string;
                            ownerAccountId: number;
                            /** @description false: the Enterprise's reports from now on count only inside it, proven or not (docs/risk-score.md, "Whose scan it is"). */
                            reportsShared: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename, activate or deactivate an Enterprise, or keep its reports inside it
         * @description Rename, activate or deactivate an Enterprise, or keep its reports inside it
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "example",
                     *       "active": false,
                     *       "reportsShared": false
                     *     }
                     */
                    "application/json": {
                        active?: boolean;
                        name?: string;
                        /** @description false keeps the reports of its scans finished from now on inside the Enterprise (new or abusive customers). */
                        reportsShared?: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "name": "example",
                         *       "ownerAccountId": 1,
                         *       "active": false,
                         *       "reportsShared": false
                         *     }
                         */
                        "application/json": {
                            active: boolean;
                            id: number;
                            name: string;
                            ownerAccountId: number;
                            /** @description false: the Enterprise's reports from now on count only inside it, proven or not (docs/risk-score.md, "Whose scan it is"). */
                            reportsShared: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/enterprises/{id}/discord-guilds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the Discord servers connected to an Enterprise
         * @description List the Discord servers connected to an Enterprise
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "guildId": "1180000000000000001",
                         *           "enterpriseId": 1,
                         *           "staffRoleIds": [
                         *             "1180000000000000001"
                         *           ],
                         *           "connectedAt": "2026-02-11T15:25:00.000Z",
                         *           "updatedAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                connectedAt: string;
                                enterpriseId: number;
                                /**
                                 * @description A Discord ID (snowflake).
                                 * @example 1180000000000000001
                                 */
                                guildId: string;
                                staffRoleIds: string[];
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/enterprises/{id}/discord-guilds/{guildId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Connect a Discord server to an Enterprise, or set its staff roles
         * @description A server belongs to at most one Enterprise: one connected elsewhere is refused with 409 `discord_guild_taken`. Connecting it again replaces its staff roles.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A Discord ID (snowflake).
                     * @example 1180000000000000001
                     */
                    guildId: string;
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "staffRoleIds": [
                     *         "1180000000000000001"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Members holding any of these roles are staff: they may use /scan, /lookup and /risk. Members with Manage Server always may. */
                        staffRoleIds: string[];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "guildId": "1180000000000000001",
                         *       "enterpriseId": 1,
                         *       "staffRoleIds": [
                         *         "1180000000000000001"
                         *       ],
                         *       "connectedAt": "2026-02-11T15:25:00.000Z",
                         *       "updatedAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            connectedAt: string;
                            enterpriseId: number;
                            /**
                             * @description A Discord ID (snowflake).
                             * @example 1180000000000000001
                             */
                            guildId: string;
                            staffRoleIds: string[];
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: discord_guild_taken. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Disconnect a Discord server from an Enterprise
         * @description Disconnect a Discord server from an Enterprise
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A Discord ID (snowflake).
                     * @example 1180000000000000001
                     */
                    guildId: string;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, enterprise_not_found, discord_guild_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/enterprises/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a member to an Enterprise
         * @description Add a member to an Enterprise
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "accountId": 1
                     *     }
                     */
                    "application/json": {
                        accountId: number;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "enterpriseId": 1,
                         *       "accountId": 1
                         *     }
                         */
                        "application/json": {
                            accountId: number;
                            enterpriseId: number;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: already_member. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/enterprises/{id}/members/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from an Enterprise
         * @description Remove a member from an Enterprise
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, enterprise_not_found, member_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/hwid-hubs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List hardware IDs that stopped linking accounts
         * @description A hardware ID reported with more distinct Discord accounts than `HWID_HUB_THRESHOLD` (20 by default) is shared by many machines, not one: it links nobody, raises nobody’s risk and brings no related accounts. Listed by counts only, the most accounts first; never the value or its hash.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: {
                    /** @description At most this many hubs (1 to 1000). */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "accounts": 1,
                         *           "scans": 1,
                         *           "firstSeenAt": "2026-02-11T15:25:00.000Z",
                         *           "hubSince": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ],
                         *       "total": 1
                         *     }
                         */
                        "application/json": {
                            data: {
                                /** @description Distinct Discord accounts the hardware ID was reported with. */
                                accounts: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                firstSeenAt: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                hubSince: string;
                                /** @description The profile’s numeric id, as `sharedHwidIds` and exports name it. */
                                id: number;
                                /** @description Finished scans that reported it. */
                                scans: number;
                            }[];
                            /** @description Hubs in all; `data` lists the ones with the most accounts first. */
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revoke an API key
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: key_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/rule-tests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a rule test and page through its matches
         * @description The test’s progress and one page of the scans it matched so far, oldest first. Tests are kept for 7 days after they end.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: {
                    /** @description A `next` from the previous page. */
                    after?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "ruleId": 1,
                         *       "status": "running",
                         *       "examined": 1,
                         *       "total": 1,
                         *       "matched": 1,
                         *       "skipped": 1,
                         *       "partial": false,
                         *       "timeLimitSeconds": 1,
                         *       "startedAt": "2026-02-11T15:25:00.000Z",
                         *       "updatedAt": "2026-02-11T15:25:00.000Z",
                         *       "finishedAt": "2026-02-11T15:25:00.000Z",
                         *       "reason": "example",
                         *       "data": [
                         *         {
                         *           "pin": "example",
                         *           "gameType": "example",
                         *           "receivedAt": "2026-02-11T15:25:00.000Z",
                         *           "findings": [
                         *             "example"
                         *           ],
                         *           "omitted": 1
                         *         }
                         *       ],
                         *       "next": 1
                         *     }
                         */
                        "application/json": {
                            /** @description Matching scans after `after`, oldest first. */
                            data: {
                                /** @description The findings the rule adds to this scan, at most 25 (the bound per rule). */
                                findings: string[];
                                gameType: string;
                                /** @description Further places it matched, beyond the bound. */
                                omitted: number;
                                pin: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                receivedAt: string;
                            }[];
                            /** @description Stored evidence documents looked at so far. */
                            examined: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            finishedAt: string | null;
                            /** @description The test: follow it at GET /admin/v1/rule-tests/{id}. */
                            id: number;
                            /** @description How many of them the rule matches. */
                            matched: number;
                            /** @description Pass as `after` for the next page; null when no more were found so far (while the test runs, ask again later). */
                            next: number | null;
                            /** @description true unless `finished`: the matches may not be all of them (yet). */
                            partial: boolean;
                            /** @description Why it ended other than `finished`. */
                            reason: string | null;
                            ruleId: number;
                            /** @description Documents not judged: the evidence intake was busy for them twice in a row. */
                            skipped: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            startedAt: string;
                            /**
                             * @description `running` until it ends: `finished` (every stored document examined), `timed-out` (RULE_TEST_TIME_LIMIT_SECONDS passed; the matches found before are kept), `failed` (`reason` says why), `abandoned` (the instance running it stopped writing it for a minute: a server restart or crash ends a running test).
                             * @enum {unknown}
                             */
                            status: "running" | "finished" | "timed-out" | "failed" | "abandoned";
                            /** @description RULE_TEST_TIME_LIMIT_SECONDS when it started. */
                            timeLimitSeconds: number;
                            /** @description Stored evidence documents when the test started: the ones it covers. */
                            total: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: rule_test_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the detection rules
         * @description List the detection rules
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "name": "example",
                         *           "kind": "memory-string",
                         *           "pattern": "example",
                         *           "match": "contains",
                         *           "severity": "detection",
                         *           "games": [
                         *             "example"
                         *           ],
                         *           "enabled": false,
                         *           "source": "example",
                         *           "createdAt": "2026-02-11T15:25:00.000Z",
                         *           "updatedAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                enabled: boolean;
                                games: string[];
                                id: number;
                                /** @enum {unknown} */
                                kind: "memory-string" | "jar-entry" | "file-sha256" | "file-sha1" | "file-name" | "process-name" | "file-path" | "signal";
                                /**
                                 * @description Case-sensitive; `contains` by default.
                                 * @enum {unknown}
                                 */
                                match: "contains" | "prefix" | "exact";
                                name: string;
                                pattern: string;
                                /**
                                 * @description Which result field a match fills.
                                 * @enum {unknown}
                                 */
                                severity: "detection" | "suspicious" | "warning" | "untrusted" | "integrity";
                                /** @description Where the pattern was found publicly (starter pack). */
                                source: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                updatedAt: string;
                            }[];
                        };
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a detection rule
         * @description It judges the next evidence upload on every instance.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "example",
                     *       "kind": "memory-string",
                     *       "pattern": "example",
                     *       "severity": "detection",
                     *       "match": "contains",
                     *       "games": [
                     *         "Java"
                     *       ],
                     *       "enabled": false,
                     *       "source": "example"
                     *     }
                     */
                    "application/json": {
                        enabled?: boolean;
                        /** @description Game types the rule applies to; empty means every game. */
                        games?: ("Java" | "Bedrock" | "FiveM" | "RedM" | "RageMP" | "AltV" | "Roblox" | "SanAndreas" | "Cod" | "Rust")[];
                        /** @enum {unknown} */
                        kind: "memory-string" | "jar-entry" | "file-sha256" | "file-sha1" | "file-name" | "process-name" | "file-path" | "signal";
                        /**
                         * @description Case-sensitive; `contains` by default.
                         * @enum {unknown}
                         */
                        match?: "contains" | "prefix" | "exact";
                        /** @description Starts every finding it adds. */
                        name: string;
                        pattern: string;
                        /**
                         * @description Which result field a match fills.
                         * @enum {unknown}
                         */
                        severity: "detection" | "suspicious" | "warning" | "untrusted" | "integrity";
                        source?: string | null;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "name": "example",
                         *       "kind": "memory-string",
                         *       "pattern": "example",
                         *       "match": "contains",
                         *       "severity": "detection",
                         *       "games": [
                         *         "example"
                         *       ],
                         *       "enabled": false,
                         *       "source": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "updatedAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            enabled: boolean;
                            games: string[];
                            id: number;
                            /** @enum {unknown} */
                            kind: "memory-string" | "jar-entry" | "file-sha256" | "file-sha1" | "file-name" | "process-name" | "file-path" | "signal";
                            /**
                             * @description Case-sensitive; `contains` by default.
                             * @enum {unknown}
                             */
                            match: "contains" | "prefix" | "exact";
                            name: string;
                            pattern: string;
                            /**
                             * @description Which result field a match fills.
                             * @enum {unknown}
                             */
                            severity: "detection" | "suspicious" | "warning" | "untrusted" | "integrity";
                            /** @description Where the pattern was found publicly (starter pack). */
                            source: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_rule_pattern. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change or disable a detection rule
         * @description Change or disable a detection rule
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "example",
                     *       "kind": "memory-string",
                     *       "pattern": "example",
                     *       "severity": "detection",
                     *       "match": "contains",
                     *       "games": [
                     *         "Java"
                     *       ],
                     *       "enabled": false,
                     *       "source": "example"
                     *     }
                     */
                    "application/json": {
                        enabled?: boolean;
                        /** @description Game types the rule applies to; empty means every game. */
                        games?: ("Java" | "Bedrock" | "FiveM" | "RedM" | "RageMP" | "AltV" | "Roblox" | "SanAndreas" | "Cod" | "Rust")[];
                        /** @enum {unknown} */
                        kind?: "memory-string" | "jar-entry" | "file-sha256" | "file-sha1" | "file-name" | "process-name" | "file-path" | "signal";
                        /**
                         * @description Case-sensitive; `contains` by default.
                         * @enum {unknown}
                         */
                        match?: "contains" | "prefix" | "exact";
                        /** @description Starts every finding it adds. */
                        name?: string;
                        pattern?: string;
                        /**
                         * @description Which result field a match fills.
                         * @enum {unknown}
                         */
                        severity?: "detection" | "suspicious" | "warning" | "untrusted" | "integrity";
                        source?: string | null;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "name": "example",
                         *       "kind": "memory-string",
                         *       "pattern": "example",
                         *       "match": "contains",
                         *       "severity": "detection",
                         *       "games": [
                         *         "example"
                         *       ],
                         *       "enabled": false,
                         *       "source": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "updatedAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            enabled: boolean;
                            games: string[];
                            id: number;
                            /** @enum {unknown} */
                            kind: "memory-string" | "jar-entry" | "file-sha256" | "file-sha1" | "file-name" | "process-name" | "file-path" | "signal";
                            /**
                             * @description Case-sensitive; `contains` by default.
                             * @enum {unknown}
                             */
                            match: "contains" | "prefix" | "exact";
                            name: string;
                            pattern: string;
                            /**
                             * @description Which result field a match fills.
                             * @enum {unknown}
                             */
                            severity: "detection" | "suspicious" | "warning" | "untrusted" | "integrity";
                            /** @description Where the pattern was found publicly (starter pack). */
                            source: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter, invalid_rule_pattern. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: rule_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/admin/v1/rules/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start testing a rule over stored evidence
         * @description Starts a background test of the rule (enabled or not) over every stored evidence document and answers at once with the test; `Location` names where to follow it (GET /admin/v1/rule-tests/{id}), on any instance. It changes no verdict. One test runs per instance at a time (`409 rule_test_running`); it stops after RULE_TEST_TIME_LIMIT_SECONDS (300 by default), keeping what it found.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        /** @description Where to follow the test: /admin/v1/rule-tests/{id}. */
                        Location?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "ruleId": 1,
                         *       "status": "running",
                         *       "examined": 1,
                         *       "total": 1,
                         *       "matched": 1,
                         *       "skipped": 1,
                         *       "partial": false,
                         *       "timeLimitSeconds": 1,
                         *       "startedAt": "2026-02-11T15:25:00.000Z",
                         *       "updatedAt": "2026-02-11T15:25:00.000Z",
                         *       "finishedAt": "2026-02-11T15:25:00.000Z",
                         *       "reason": "example"
                         *     }
                         */
                        "application/json": {
                            /** @description Stored evidence documents looked at so far. */
                            examined: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            finishedAt: string | null;
                            /** @description The test: follow it at GET /admin/v1/rule-tests/{id}. */
                            id: number;
                            /** @description How many of them the rule matches. */
                            matched: number;
                            /** @description true unless `finished`: the matches may not be all of them (yet). */
                            partial: boolean;
                            /** @description Why it ended other than `finished`. */
                            reason: string | null;
                            ruleId: number;
                            /** @description Documents not judged: the evidence intake was busy for them twice in a row. */
                            skipped: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            startedAt: string;
                            /**
                             * @description `running` until it ends: `finished` (every stored document examined), `timed-out` (RULE_TEST_TIME_LIMIT_SECONDS passed; the matches found before are kept), `failed` (`reason` says why), `abandoned` (the instance running it stopped writing it for a minute: a server restart or crash ends a running test).
                             * @enum {unknown}
                             */
                            status: "running" | "finished" | "timed-out" | "failed" | "abandoned";
                            /** @description RULE_TEST_TIME_LIMIT_SECONDS when it started. */
                            timeLimitSeconds: number;
                            /** @description Stored evidence documents when the test started: the ones it covers. */
                            total: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: rule_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: rule_test_running. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanned-users/{discordId}/bans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ban or warn a scanned user
         * @description One entry covering every hardware ID linked to the user now, and so every account on that hardware.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    discordId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "status": "banned",
                     *       "reason": "example",
                     *       "expiresAt": "2026-02-11T15:25:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                         * @example 2026-02-11T15:25:00.000Z
                         */
                        expiresAt?: string | null;
                        reason: string;
                        /** @enum {unknown} */
                        status: "banned" | "warned";
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "status": "banned",
                         *       "reason": "example",
                         *       "expiresAt": "2026-02-11T15:25:00.000Z",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string | null;
                            id: number;
                            reason: string;
                            /** @enum {unknown} */
                            status: "banned" | "warned";
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_discord_id. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: scanned_user_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanned-users/{discordId}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a scanned user
         * @description Removes their profile, hardware links, bans and reasons; the reports that named them stay for the PINs’ owners with the account shown as `{ "id": "erased", "username": "erased" }`. Cannot be undone. Recorded in the audit trail without the user ID.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    discordId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "erased": true,
                         *       "reportsRewritten": 0,
                         *       "eventsRewritten": 0,
                         *       "evidenceRewritten": 0,
                         *       "hardwareLinks": 0,
                         *       "bans": 0,
                         *       "reasons": 0,
                         *       "notesOnOthers": 0,
                         *       "erasedAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            bans: number;
                            /** @enum {boolean} */
                            erased: true;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            erasedAt: string;
                            eventsRewritten: number;
                            evidenceRewritten: number;
                            hardwareLinks: number;
                            notesOnOthers: number;
                            reasons: number;
                            reportsRewritten: number;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_discord_id. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: scanned_user_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanned-users/{discordId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export everything stored about a scanned user
         * @description As JSON, for a data subject request. Hardware appears only by numeric profile id, IPs never; other people in the same reports only as a count. Recorded in the audit trail without the user ID.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    discordId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "discordId": "example",
                         *       "username": "example",
                         *       "firstRecordedAt": "2026-02-11T15:25:00.000Z",
                         *       "counters": {
                         *         "scansOnLinkedHardware": 0,
                         *         "cheatingScans": 0,
                         *         "suspiciousScans": 0,
                         *         "cleanScans": 0,
                         *         "detections": 0,
                         *         "firstScanAt": "2026-02-11T15:25:00.000Z",
                         *         "lastScanAt": "2026-02-11T15:25:00.000Z",
                         *         "lastCheatingAt": "2026-02-11T15:25:00.000Z",
                         *         "ownScans": 0,
                         *         "ownCheatingScans": 0,
                         *         "ownSuspiciousScans": 0,
                         *         "ownDetections": 0,
                         *         "ownFirstScanAt": "2026-02-11T15:25:00.000Z",
                         *         "ownLastScanAt": "2026-02-11T15:25:00.000Z"
                         *       },
                         *       "detectionsOnLinkedHardware": [
                         *         "example"
                         *       ],
                         *       "ownDetections": [
                         *         "example"
                         *       ],
                         *       "gamesScanned": [
                         *         "example"
                         *       ],
                         *       "hardwareProfiles": [
                         *         {
                         *           "id": 1,
                         *           "linkedAt": "2026-02-11T15:25:00.000Z",
                         *           "firstSeenAt": "2026-02-11T15:25:00.000Z",
                         *           "totalScans": 0,
                         *           "cheatingScans": 0,
                         *           "suspiciousScans": 0,
                         *           "totalDetections": 0,
                         *           "uniqueDetections": 0,
                         *           "suspiciousFindings": 0
                         *         }
                         *       ],
                         *       "sharedHardware": [
                         *         {
                         *           "id": 1,
                         *           "seenAt": "2026-02-11T15:25:00.000Z",
                         *           "hubSince": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ],
                         *       "bans": [
                         *         {
                         *           "id": 1,
                         *           "status": "banned",
                         *           "reason": "example",
                         *           "expiresAt": "2026-02-11T15:25:00.000Z",
                         *           "createdAt": "2026-02-11T15:25:00.000Z",
                         *           "liftedAt": "2026-02-11T15:25:00.000Z",
                         *           "hardwareProfileIds": [
                         *             1
                         *           ]
                         *         }
                         *       ],
                         *       "reasons": [
                         *         {
                         *           "id": 1,
                         *           "reason": "example",
                         *           "category": "example",
                         *           "evidence": null,
                         *           "addedAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ],
                         *       "scans": [
                         *         {
                         *           "pin": "example",
                         *           "accountId": 1,
                         *           "type": "example",
                         *           "result": "example",
                         *           "finishedAt": "2026-02-11T15:25:00.000Z",
                         *           "reportedUsername": "example",
                         *           "otherAccountsNamed": 0,
                         *           "detections": [
                         *             "example"
                         *           ],
                         *           "suspicious": [
                         *             "example"
                         *           ],
                         *           "warnings": [
                         *             "example"
                         *           ],
                         *           "untrusted": [
                         *             "example"
                         *           ],
                         *           "integrity": [
                         *             "example"
                         *           ],
                         *           "customSuspicious": [
                         *             "example"
                         *           ],
                         *           "vpn": "example",
                         *           "country": "example",
                         *           "logon": "example",
                         *           "scantime": "example",
                         *           "windows": "example",
                         *           "ipAddress": "keyed_hash_stored",
                         *           "networks": [
                         *             {
                         *               "stage": "game-connection",
                         *               "network": "keyed_hash_stored",
                         *               "country": "example",
                         *               "asn": 1,
                         *               "seenAt": "2026-02-11T15:25:00.000Z"
                         *             }
                         *           ],
                         *           "evidence": {
                         *             "receiptId": "example",
                         *             "receivedAt": "2026-02-11T15:25:00.000Z",
                         *             "otherAccountsOnMachine": 0,
                         *             "document": null
                         *           }
                         *         }
                         *       ],
                         *       "exportedAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            bans: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                expiresAt: string | null;
                                hardwareProfileIds: number[];
                                id: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                liftedAt: string | null;
                                reason: string;
                                /** @enum {unknown} */
                                status: "banned" | "warned";
                            }[];
                            counters: {
                                cheatingScans: number;
                                cleanScans: number;
                                detections: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                firstScanAt: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastCheatingAt: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastScanAt: string | null;
                                ownCheatingScans: number;
                                ownDetections: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                ownFirstScanAt: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                ownLastScanAt: string | null;
                                ownScans: number;
                                ownSuspiciousScans: number;
                                scansOnLinkedHardware: number;
                                suspiciousScans: number;
                            };
                            detectionsOnLinkedHardware: string[];
                            discordId: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            exportedAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            firstRecordedAt: string;
                            gamesScanned: string[];
                            hardwareProfiles: {
                                cheatingScans: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                firstSeenAt: string;
                                /** @description Numeric profile id; the hardware ID and its hash are never shown. */
                                id: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                linkedAt: string;
                                suspiciousFindings: number;
                                suspiciousScans: number;
                                totalDetections: number;
                                totalScans: number;
                                uniqueDetections: number;
                            }[];
                            ownDetections: string[];
                            reasons: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                addedAt: string;
                                category: string;
                                evidence: unknown;
                                id: number;
                                reason: string;
                            }[];
                            scans: {
                                /** @description The account that made the PIN. */
                                accountId: number;
                                country: string | null;
                                customSuspicious: string[];
                                detections: string[];
                                evidence: {
                                    /** @description The evidence document as stored (docs/scan-client.md). */
                                    document: unknown;
                                    /** @description Other Discord accounts the scan found on the machine; who they are is not exported. */
                                    otherAccountsOnMachine: number;
                                    receiptId: string;
                                    /**
                                     * Format: date-time
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    receivedAt: string;
                                } | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                finishedAt: string;
                                integrity: string[];
                                /**
                                 * @description Only whether a keyed hash of the IP is kept; the value is never exported.
                                 * @enum {unknown}
                                 */
                                ipAddress: "keyed_hash_stored" | "not_stored";
                                logon: string | null;
                                /** @description The networks the scan's calls came from (docs/privacy.md, "Where the scan ran"), in the order seen. */
                                networks: {
                                    asn: number | null;
                                    country: string | null;
                                    /**
                                     * @description A keyed hash of the /24 or /64 is kept; the value is never exported.
                                     * @enum {string}
                                     */
                                    network: "keyed_hash_stored";
                                    /**
                                     * Format: date-time
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    seenAt: string;
                                    /** @enum {unknown} */
                                    stage: "game-connection" | "start" | "progress" | "upload" | "proof";
                                }[];
                                /** @description Other chat-platform accounts in the same report; who they are is not exported. */
                                otherAccountsNamed: number;
                                pin: string;
                                reportedUsername: string;
                                result: string | null;
                                scantime: string | null;
                                suspicious: string[];
                                type: string;
                                untrusted: string[];
                                vpn: string | null;
                                warnings: string[];
                                windows: string | null;
                            }[];
                            /** @description Hardware IDs the person was scanned with that link nobody, because many machines report them (docs/risk-score.md). */
                            sharedHardware: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                hubSince: string;
                                /** @description Numeric profile id of a hardware ID shared by many machines (a hub). */
                                id: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                seenAt: string;
                            }[];
                            username: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_discord_id. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: scanned_user_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanned-users/{discordId}/reasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a staff note to a scanned user
         * @description Add a staff note to a scanned user
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    discordId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "reason": "example",
                     *       "category": "example",
                     *       "evidence": null
                     *     }
                     */
                    "application/json": {
                        category: string;
                        /** @description Any JSON; shown as is in lookups. */
                        evidence?: unknown;
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "reason": "example",
                         *       "category": "example",
                         *       "evidence": null,
                         *       "addedAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            addedAt: string;
                            category: string;
                            evidence: unknown;
                            id: number;
                            reason: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_discord_id. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: scanned_user_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanner-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List scanner clients
         * @description Every registered client, never its key.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "clientId": "spc_4f9Kq2LmN8xR1tV6yB3cZ7wD",
                         *           "name": "example",
                         *           "kind": "official",
                         *           "version": "example",
                         *           "platform": "example",
                         *           "status": "active",
                         *           "createdAt": "2026-02-11T15:25:00.000Z",
                         *           "expiresAt": "2026-02-11T15:25:00.000Z",
                         *           "revokedAt": "2026-02-11T15:25:00.000Z",
                         *           "lastUsedAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            data: {
                                /**
                                 * @description Sent by the client as `Scanpin-Client`.
                                 * @example spc_4f9Kq2LmN8xR1tV6yB3cZ7wD
                                 */
                                clientId: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                expiresAt: string | null;
                                id: number;
                                /**
                                 * @description `official`: a build of this project’s scanner; `third-party`: an integration you allow.
                                 * @enum {unknown}
                                 */
                                kind: "official" | "third-party";
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastUsedAt: string | null;
                                name: string;
                                platform: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                revokedAt: string | null;
                                /**
                                 * @description Only an `active` client’s calls are accepted; the others are refused `scanner_client_retired`.
                                 * @enum {unknown}
                                 */
                                status: "active" | "expired" | "revoked";
                                version: string | null;
                            }[];
                        };
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Register a scanner client
         * @description A new client id and key. The key is in this answer only. Official builds register themselves through the build manifest (`npm run build:scanner`); use this for a third-party integration.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "Acme anti-cheat bridge 2.1",
                     *       "kind": "official",
                     *       "version": "example",
                     *       "platform": "example",
                     *       "expiresAt": "2026-02-11T15:25:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When its calls stop being accepted; none by default. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                         * @example 2026-02-11T15:25:00.000Z
                         */
                        expiresAt?: string | null;
                        /**
                         * @description `official`: a build of this project’s scanner; `third-party`: an integration you allow.
                         * @enum {unknown}
                         */
                        kind: "official" | "third-party";
                        /** @example Acme anti-cheat bridge 2.1 */
                        name: string;
                        platform?: string | null;
                        version?: string | null;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "clientId": "spc_4f9Kq2LmN8xR1tV6yB3cZ7wD",
                         *       "name": "example",
                         *       "kind": "official",
                         *       "version": "example",
                         *       "platform": "example",
                         *       "status": "active",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "expiresAt": "2026-02-11T15:25:00.000Z",
                         *       "revokedAt": "2026-02-11T15:25:00.000Z",
                         *       "lastUsedAt": "2026-02-11T15:25:00.000Z",
                         *       "key": "example"
                         *     }
                         */
                        "application/json": {
                            /**
                             * @description Sent by the client as `Scanpin-Client`.
                             * @example spc_4f9Kq2LmN8xR1tV6yB3cZ7wD
                             */
                            clientId: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string | null;
                            id: number;
                            /** @description The client’s HMAC key, base64url (32 bytes). Shown in this answer only; the server keeps it sealed. Build it into the client so that it is not a plain string (docs/scanner.md, "Signed calls"). */
                            key: string;
                            /**
                             * @description `official`: a build of this project’s scanner; `third-party`: an integration you allow.
                             * @enum {unknown}
                             */
                            kind: "official" | "third-party";
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastUsedAt: string | null;
                            name: string;
                            platform: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            revokedAt: string | null;
                            /**
                             * @description Only an `active` client’s calls are accepted; the others are refused `scanner_client_retired`.
                             * @enum {unknown}
                             */
                            status: "active" | "expired" | "revoked";
                            version: string | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanner-clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a scanner client
         * @description At once: its next call is refused, a scan under way included. The row is kept for the scans it made.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: scanner_client_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanner-clients/{id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set when a scanner client expires
         * @description From `expiresAt` on, its calls are refused `scanner_client_retired`; a past time retires it at once.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "expiresAt": "2026-02-11T15:25:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description From then on its calls are refused; null clears the expiry. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                         * @example 2026-02-11T15:25:00.000Z
                         */
                        expiresAt: string | null;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "clientId": "spc_4f9Kq2LmN8xR1tV6yB3cZ7wD",
                         *       "name": "example",
                         *       "kind": "official",
                         *       "version": "example",
                         *       "platform": "example",
                         *       "status": "active",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "expiresAt": "2026-02-11T15:25:00.000Z",
                         *       "revokedAt": "2026-02-11T15:25:00.000Z",
                         *       "lastUsedAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * @description Sent by the client as `Scanpin-Client`.
                             * @example spc_4f9Kq2LmN8xR1tV6yB3cZ7wD
                             */
                            clientId: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string | null;
                            id: number;
                            /**
                             * @description `official`: a build of this project’s scanner; `third-party`: an integration you allow.
                             * @enum {unknown}
                             */
                            kind: "official" | "third-party";
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastUsedAt: string | null;
                            name: string;
                            platform: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            revokedAt: string | null;
                            /**
                             * @description Only an `active` client’s calls are accepted; the others are refused `scanner_client_retired`.
                             * @enum {unknown}
                             */
                            status: "active" | "expired" | "revoked";
                            version: string | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: scanner_client_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanner-clients/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a build manifest
         * @description Registers, as `official`, each build of the manifest whose client id is not known yet; known ones are left as they are. The server also reads the manifest in SCANNER_DOWNLOADS_DIR at start.
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description The `scanner-clients.json` that `npm run build:scanner` writes. */
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "clients": [
                     *         {
                     *           "clientId": "spc_4f9Kq2LmN8xR1tV6yB3cZ7wD",
                     *           "name": "example",
                     *           "version": "example",
                     *           "platform": "example",
                     *           "key": "q7Vw1y3Zp0Xc9mK2Lr8Tn4Bd6Hf5Js1Ua0Ge7Qo2Wi3",
                     *           "builtAt": "2026-02-11T15:25:00.000Z",
                     *           "sha256": "example"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        clients: ({
                            /**
                             * Format: date-time
                             * @description When the executable was built: builds retire in this order. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            builtAt: string;
                            /**
                             * @description Sent by the client as `Scanpin-Client`.
                             * @example spc_4f9Kq2LmN8xR1tV6yB3cZ7wD
                             */
                            clientId: string;
                            /**
                             * @description The build’s key: 32 bytes, base64url without padding.
                             * @example q7Vw1y3Zp0Xc9mK2Lr8Tn4Bd6Hf5Js1Ua0Ge7Qo2Wi3
                             */
                            key: string;
                            name: string;
                            platform?: string | null;
                            sha256?: string;
                            version?: string | null;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "registered": 1,
                         *       "known": 1
                         *     }
                         */
                        "application/json": {
                            known: number;
                            registered: number;
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/scanner-clients/retire-previous": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retire the official builds before a new one
         * @description Every official client registered before `clientId` expires `graceDays` from now (one already expiring sooner keeps its date).
         *
         *     **Access:** the operator token (SCANPIN_ADMIN_TOKEN) in the `x-admin-token` header.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "clientId": 1,
                     *       "graceDays": 0
                     *     }
                     */
                    "application/json": {
                        /** @description The new build (its id or its `spc_…` client id); every official build registered before it retires. */
                        clientId: number | string;
                        /** @description Days the previous builds stay accepted, so players who downloaded one recently can still scan. */
                        graceDays: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "expiresAt": "2026-02-11T15:25:00.000Z",
                         *       "retired": [
                         *         {
                         *           "id": 1,
                         *           "clientId": "spc_4f9Kq2LmN8xR1tV6yB3cZ7wD",
                         *           "name": "example",
                         *           "kind": "official",
                         *           "version": "example",
                         *           "platform": "example",
                         *           "status": "active",
                         *           "createdAt": "2026-02-11T15:25:00.000Z",
                         *           "expiresAt": "2026-02-11T15:25:00.000Z",
                         *           "revokedAt": "2026-02-11T15:25:00.000Z",
                         *           "lastUsedAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            retired: {
                                /**
                                 * @description Sent by the client as `Scanpin-Client`.
                                 * @example spc_4f9Kq2LmN8xR1tV6yB3cZ7wD
                                 */
                                clientId: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                expiresAt: string | null;
                                id: number;
                                /**
                                 * @description `official`: a build of this project’s scanner; `third-party`: an integration you allow.
                                 * @enum {unknown}
                                 */
                                kind: "official" | "third-party";
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastUsedAt: string | null;
                                name: string;
                                platform: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                revokedAt: string | null;
                                /**
                                 * @description Only an `active` client’s calls are accepted; the others are refused `scanner_client_retired`.
                                 * @enum {unknown}
                                 */
                                status: "active" | "expired" | "revoked";
                                version: string | null;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_admin_token. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: scanner_client_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/auth/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which ways of signing in this server offers
         * @description Needs no session. `discord` is true when "Sign in with Discord" is set up; sign-in links always work.
         *
         *     **Access:** no credentials.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "discord": false
                         *     }
                         */
                        "application/json": {
                            discord: boolean;
                        };
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Enterprises you own or belong to
         * @description The Enterprises you own or belong to
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "enterprise": {
                         *           "id": 1,
                         *           "name": "example",
                         *           "active": false
                         *         },
                         *         "role": "owner"
                         *       }
                         *     ]
                         */
                        "application/json": {
                            enterprise: {
                                active: boolean;
                                id: number;
                                name: string;
                            };
                            /** @enum {unknown} */
                            role: "owner" | "member";
                        }[];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An Enterprise's audit trail (owner only)
         * @description What happened in the Enterprise, newest first: members and invites, the owner’s keys and webhooks, PINs created under it. The same entries and filters as GET /admin/v1/audit, limited to this Enterprise.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: {
                    action?: "account.create" | "account.update" | "account.delete" | "enterprise.create" | "enterprise.update" | "api_key.create" | "api_key.revoke" | "ban.create" | "ban.lift" | "reason.create" | "member.add" | "member.remove" | "invite.create" | "invite.accept" | "invite.revoke" | "webhook.create" | "webhook.update" | "webhook.delete" | "webhook.rotate_secret" | "pin.create" | "scanned_user.export" | "scanned_user.erase" | "rule.create" | "rule.update" | "discord_guild.connect" | "discord_guild.update" | "discord_guild.disconnect" | "discord_connect_code.create" | "scanned_user.lookup" | "scanned_user.risk_score" | "share_link.create" | "scanner_client.register" | "scanner_client.expire" | "scanner_client.revoke";
                    actorAccountId?: number;
                    actorKind?: "operator" | "key" | "session" | "sign_in" | "discord";
                    /** @description `nextBefore` of the previous page. */
                    before?: number;
                    limit?: number;
                    outcome?: "succeeded" | "refused";
                    resourceId?: number;
                    resourceType?: "account" | "api_key" | "ban" | "reason" | "enterprise" | "invite" | "webhook" | "pin" | "scanned_user" | "rule" | "scanner_client";
                    /**
                     * @description Only entries at or after this instant. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                     * @example 2026-02-11T15:25:00.000Z
                     */
                    since?: string;
                    /**
                     * @description Only entries before this instant. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                     * @example 2026-02-11T15:25:00.000Z
                     */
                    until?: string;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "at": "2026-02-11T15:25:00.000Z",
                         *           "actor": {
                         *             "kind": "operator",
                         *             "accountId": 1,
                         *             "keyId": 1,
                         *             "sessionId": 1,
                         *             "discordUserId": "example"
                         *           },
                         *           "action": "account.create",
                         *           "resource": {
                         *             "type": "account",
                         *             "id": 1
                         *           },
                         *           "enterpriseId": 1,
                         *           "outcome": "succeeded",
                         *           "code": "example",
                         *           "detail": {}
                         *         }
                         *       ],
                         *       "nextBefore": 1
                         *     }
                         */
                        "application/json": {
                            data: {
                                /** @enum {unknown} */
                                action: "account.create" | "account.update" | "account.delete" | "enterprise.create" | "enterprise.update" | "api_key.create" | "api_key.revoke" | "ban.create" | "ban.lift" | "reason.create" | "member.add" | "member.remove" | "invite.create" | "invite.accept" | "invite.revoke" | "webhook.create" | "webhook.update" | "webhook.delete" | "webhook.rotate_secret" | "pin.create" | "scanned_user.export" | "scanned_user.erase" | "rule.create" | "rule.update" | "discord_guild.connect" | "discord_guild.update" | "discord_guild.disconnect" | "discord_connect_code.create" | "scanned_user.lookup" | "scanned_user.risk_score" | "share_link.create" | "scanner_client.register" | "scanner_client.expire" | "scanner_client.revoke";
                                actor: {
                                    accountId: number | null;
                                    /** @description The staff member’s Discord user ID, when `kind` is discord. */
                                    discordUserId: string | null;
                                    keyId: number | null;
                                    /**
                                     * @description operator: the x-admin-token (or the CLI). key: an API key. session: a signed-in person. sign_in: an account signing in with Discord (an invite accepted on the way in). discord: a staff member through the built-in Discord app, for the Enterprise of `accountId`.
                                     * @enum {unknown}
                                     */
                                    kind: "operator" | "key" | "session" | "sign_in" | "discord";
                                    sessionId: number | null;
                                };
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                at: string;
                                /** @description The refusal’s problem code when outcome is refused. */
                                code: string | null;
                                /** @description Non-secret facts about the action; never a key, token, secret, hardware ID, IP or a player’s Discord ID. */
                                detail: {
                                    [key: string]: string | number | boolean | null | string[];
                                };
                                enterpriseId: number | null;
                                id: number;
                                /** @enum {unknown} */
                                outcome: "succeeded" | "refused";
                                resource: {
                                    /** @description The row id; null when there is none to name (e.g. an erased player). */
                                    id: number | null;
                                    /** @enum {unknown} */
                                    type: "account" | "api_key" | "ban" | "reason" | "enterprise" | "invite" | "webhook" | "pin" | "scanned_user" | "rule" | "scanner_client";
                                };
                            }[];
                            /** @description Pass as `before` for the next, older page. */
                            nextBefore: number | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises/{id}/discord": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Discord app: invite link and connected servers (owner only)
         * @description The Discord app: invite link and connected servers (owner only)
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "appConfigured": false,
                         *       "inviteUrl": "example",
                         *       "interactionsUrl": "example",
                         *       "guilds": [
                         *         {
                         *           "guildId": "1180000000000000001",
                         *           "enterpriseId": 1,
                         *           "staffRoleIds": [
                         *             "1180000000000000001"
                         *           ],
                         *           "connectedAt": "2026-02-11T15:25:00.000Z",
                         *           "updatedAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            appConfigured: boolean;
                            guilds: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                connectedAt: string;
                                enterpriseId: number;
                                /**
                                 * @description A Discord ID (snowflake).
                                 * @example 1180000000000000001
                                 */
                                guildId: string;
                                staffRoleIds: string[];
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                updatedAt: string;
                            }[];
                            interactionsUrl: string;
                            inviteUrl: string | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises/{id}/discord/connect-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a one-time code for /scanpin connect (owner only)
         * @description Valid for 30 minutes and one server; shown in this answer only.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": "example",
                         *       "expiresAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            code: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises/{id}/discord/guilds/{guildId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the staff roles of a connected server (owner only)
         * @description Set the staff roles of a connected server (owner only)
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A Discord ID (snowflake).
                     * @example 1180000000000000001
                     */
                    guildId: string;
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "staffRoleIds": [
                     *         "1180000000000000001"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Members holding any of these roles are staff: they may use /scan, /lookup and /risk. Members with Manage Server always may. */
                        staffRoleIds: string[];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "guildId": "1180000000000000001",
                         *       "enterpriseId": 1,
                         *       "staffRoleIds": [
                         *         "1180000000000000001"
                         *       ],
                         *       "connectedAt": "2026-02-11T15:25:00.000Z",
                         *       "updatedAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            connectedAt: string;
                            enterpriseId: number;
                            /**
                             * @description A Discord ID (snowflake).
                             * @example 1180000000000000001
                             */
                            guildId: string;
                            staffRoleIds: string[];
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found, discord_guild_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Disconnect a server (owner only)
         * @description Disconnect a server (owner only)
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description A Discord ID (snowflake).
                     * @example 1180000000000000001
                     */
                    guildId: string;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found, discord_guild_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises/{id}/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An Enterprise's invites (owner only)
         * @description An Enterprise's invites (owner only)
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": 1,
                         *         "createdAt": "2026-02-11T15:25:00.000Z",
                         *         "expiresAt": "2026-02-11T15:25:00.000Z",
                         *         "maxUses": 1,
                         *         "uses": 1,
                         *         "revoked": false,
                         *         "usable": false
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            id: number;
                            maxUses: number | null;
                            revoked: boolean;
                            usable: boolean;
                            uses: number;
                        }[];
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Make an invite link (owner only)
         * @description Single use and 7 days unless chosen otherwise (30 days at most; maxUses null for any number). The URL is in this answer only.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "expiresInDays": 1,
                     *       "maxUses": 1
                     *     }
                     */
                    "application/json": {
                        expiresInDays?: number;
                        maxUses?: number | null;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "expiresAt": "2026-02-11T15:25:00.000Z",
                         *       "maxUses": 1
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            id: number;
                            maxUses: number | null;
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An Enterprise's owner and members
         * @description An Enterprise's owner and members
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "owner": {
                         *         "accountId": 1,
                         *         "name": "example"
                         *       },
                         *       "members": [
                         *         {
                         *           "accountId": 1,
                         *           "name": "example",
                         *           "joinedAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            members: {
                                accountId: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                joinedAt: string;
                                name: string;
                            }[];
                            owner: {
                                accountId: number;
                                name: string;
                            };
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises/{id}/members/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member (owner only)
         * @description Remove a member (owner only)
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: member_not_found, enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: cannot_remove_owner. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/enterprises/{id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An Enterprise's settings (owner and members)
         * @description An Enterprise's settings (owner and members)
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "verdictToPlayers": false
                         *     }
                         */
                        "application/json": {
                            /** @description The scanner shows the player their verdict at the end of the scan. Off by default: the player is told only that the scan is complete and that the staff have the result. */
                            verdictToPlayers: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Change an Enterprise's settings (owner only)
         * @description Recorded in the audit trail as enterprise.update.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "verdictToPlayers": false
                     *     }
                     */
                    "application/json": {
                        /** @description The scanner shows the player their verdict at the end of the scan. Off by default: the player is told only that the scan is complete and that the staff have the result. */
                        verdictToPlayers: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "verdictToPlayers": false
                         *     }
                         */
                        "application/json": {
                            /** @description The scanner shows the player their verdict at the end of the scan. Off by default: the player is told only that the scan is complete and that the staff have the result. */
                            verdictToPlayers: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: enterprise_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow the PINs you may see, live (server-sent events)
         * @description text/event-stream: one `pin` event per change of a PIN you may see, its creation included, whose data is the PIN as GET /app/api/pins lists it; a heartbeat comment every 15 s. At most 5 open streams per session; the stream ends when the session does.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A text/event-stream of `pin` events. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example example */
                        "text/event-stream": string;
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited, too_many_streams. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/invites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invite (owner only)
         * @description Revoke an invite (owner only)
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: invite_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/invites/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join an Enterprise with an invite
         * @description Join an Enterprise with an invite
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "token": "kq3V9x_T2mW8bR4nY7pLs1"
                     *     }
                     */
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "enterprise": {
                         *         "id": 1,
                         *         "name": "example",
                         *         "active": false
                         *       },
                         *       "role": "owner"
                         *     }
                         */
                        "application/json": {
                            enterprise: {
                                active: boolean;
                                id: number;
                                name: string;
                            };
                            /** @enum {unknown} */
                            role: "owner" | "member";
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_invite. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: unknown_invite. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/invites/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Enterprise an invite link leads to
         * @description Needs no session, changes nothing and spends no use. `usable` is false when the invite is used up, revoked or expired, or its Enterprise is deactivated; an unknown token answers 404 unknown_invite.
         *
         *     **Access:** no credentials.
         */
        get: {
            parameters: {
                query: {
                    /** @description The last part of the invite URL. */
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "enterprise": "example",
                         *       "usable": false
                         *     }
                         */
                        "application/json": {
                            enterprise: string;
                            usable: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter, invalid_invite. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: unknown_invite. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API keys
         * @description Revoked ones included, oldest first; never the keys themselves.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": 1,
                         *         "prefix": "example",
                         *         "name": "example",
                         *         "permissions": [
                         *           "example"
                         *         ],
                         *         "createdAt": "2026-02-11T15:25:00.000Z",
                         *         "lastUsedAt": "2026-02-11T15:25:00.000Z",
                         *         "revoked": false
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastUsedAt: string | null;
                            name: string | null;
                            permissions: string[];
                            prefix: string;
                            revoked: boolean;
                        }[];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: key_not_found, account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Make an API key
         * @description The raw key is in this answer only. pins:create needs you to own an active Enterprise (403 not_enterprise_owner).
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "name": "example",
                     *       "permissions": [
                     *         "pins:create"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        name?: string | null;
                        permissions: ("pins:create" | "pins:status" | "pins:results" | "user:risk-score" | "scanned-users:lookup" | "webhooks:manage")[];
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "key": "example",
                         *       "prefix": "example",
                         *       "name": "example",
                         *       "permissions": [
                         *         "example"
                         *       ]
                         *     }
                         */
                        "application/json": {
                            id: number;
                            /** @description The raw key. Shown this once; store it now. */
                            key: string;
                            name: string | null;
                            permissions: string[];
                            prefix: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: key_not_found, account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of your API keys
         * @description The key answers 401 from then on. Revoking twice is harmless.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: key_not_found, account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/keywords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your custom suspicious keywords
         * @description Your custom suspicious keywords
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "keywords": [
                         *         "example"
                         *       ]
                         *     }
                         */
                        "application/json": {
                            keywords: string[];
                        };
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, licence_required. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Replace your custom suspicious keywords
         * @description Matched against the artifacts of scans that finish from now on, without case and after Unicode compatibility folding (fullwidth letters, ligatures; docs/api.md, "Custom keywords"). Stored trimmed, lower-case and without repeats.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "keywords": [
                     *         "example"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        keywords: string[];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "keywords": [
                         *         "example"
                         *       ]
                         *     }
                         */
                        "application/json": {
                            keywords: string[];
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, licence_required. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description Who is signed in
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "accountId": 1,
                         *       "name": "example",
                         *       "discordId": "example",
                         *       "sessionExpiresAt": "2026-02-11T15:25:00.000Z",
                         *       "ownsEnterprise": false
                         *     }
                         */
                        "application/json": {
                            accountId: number;
                            discordId: string | null;
                            name: string;
                            /** @description Owns an active Enterprise, so may create PINs and keys with pins:create. */
                            ownsEnterprise: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            sessionExpiresAt: string;
                        };
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scans per day, active PINs, key usage and top detections
         * @description Over the PINs you may see (only one Enterprise’s with enterpriseId): how scans ended on each of the last 30 UTC days and the 10 most frequent detections. Your active PINs against the limit, and each of your live keys’ requests this hour (reading them spends none).
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: {
                    enterpriseId?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "scansPerDay": [
                         *         {
                         *           "date": "2026-02-11",
                         *           "legit": 0,
                         *           "suspicious": 0,
                         *           "cheating": 0,
                         *           "expired": 0,
                         *           "error": 0
                         *         }
                         *       ],
                         *       "activePins": {
                         *         "used": 0,
                         *         "limit": 0
                         *       },
                         *       "keys": [
                         *         {
                         *           "id": 1,
                         *           "prefix": "example",
                         *           "name": "example",
                         *           "used": 0,
                         *           "limit": 0,
                         *           "resetSeconds": 1
                         *         }
                         *       ],
                         *       "topDetections": [
                         *         {
                         *           "name": "example",
                         *           "count": 0
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            activePins: {
                                limit: number;
                                used: number;
                            };
                            keys: {
                                id: number;
                                limit: number;
                                name: string | null;
                                prefix: string;
                                /** @description Until the hourly window resets; null when none is open. */
                                resetSeconds: number | null;
                                used: number;
                            }[];
                            /** @description The last 30 UTC days, oldest first, today last; by the day each PIN ended. */
                            scansPerDay: {
                                cheating: number;
                                /**
                                 * Format: date
                                 * @example 2026-02-11
                                 */
                                date: string;
                                error: number;
                                expired: number;
                                legit: number;
                                suspicious: number;
                            }[];
                            topDetections: {
                                count: number;
                                name: string;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, licence_required. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/pin-slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your active PINs against the limit
         * @description canCreate: you own an active Enterprise. used: your pending and scanning PINs now. limit: MAX_ACTIVE_PINS.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "canCreate": false,
                         *       "used": 1,
                         *       "limit": 1
                         *     }
                         */
                        "application/json": {
                            canCreate: boolean;
                            limit: number;
                            used: number;
                        };
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/pins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * PINs you may see
         * @description Your own PINs and the non-private PINs of the Enterprises you own or belong to, newest first.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `nextBefore` of the previous page. */
                    before?: number;
                    /**
                     * @description Only PINs created at or after this instant. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                     * @example 2026-02-11T15:25:00.000Z
                     */
                    createdFrom?: string;
                    /**
                     * @description Only PINs created before this instant. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                     * @example 2026-02-11T15:25:00.000Z
                     */
                    createdTo?: string;
                    /** @description Only PINs of this Enterprise. */
                    enterpriseId?: number;
                    limit?: number;
                    /** @description Part of the code or the name. */
                    search?: string;
                    status?: "pending" | "scanning" | "finished" | "expired" | "error";
                    /** @description Game type: Java, Bedrock, FiveM, RedM, RageMP, AltV, Roblox, SanAndreas, Cod or Rust. */
                    type?: "Java" | "Bedrock" | "FiveM" | "RedM" | "RageMP" | "AltV" | "Roblox" | "SanAndreas" | "Cod" | "Rust";
                    verdict?: "legit" | "cheating" | "suspicious";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "pin": "A7K3M2P9",
                         *           "pinName": "example",
                         *           "type": "example",
                         *           "status": "pending",
                         *           "progress": 0,
                         *           "statusMessage": "example",
                         *           "result": "legit",
                         *           "used": false,
                         *           "lastStatusUpdate": "2026-02-11T15:25:00.000Z",
                         *           "createdAt": "2026-02-11T15:25:00.000Z",
                         *           "isFinished": false,
                         *           "isScanning": false,
                         *           "isPending": false,
                         *           "data": {
                         *             "cheating": "example",
                         *             "vpn": "example",
                         *             "country": "example",
                         *             "scantime": "example",
                         *             "windows": "example",
                         *             "detectionsCount": 1,
                         *             "warningsCount": 1,
                         *             "suspiciousCount": 1,
                         *             "discord": [
                         *               {
                         *                 "id": "example",
                         *                 "username": "example",
                         *                 "provenance": "proven",
                         *                 "reach": "shared"
                         *               }
                         *             ],
                         *             "assurance": {
                         *               "client": {
                         *                 "kind": "official",
                         *                 "name": "example",
                         *                 "version": "example"
                         *               },
                         *               "level": "high",
                         *               "reasons": [
                         *                 "example"
                         *               ]
                         *             }
                         *           },
                         *           "private": false,
                         *           "creator": "example",
                         *           "mine": false,
                         *           "expiresAt": "2026-02-11T15:25:00.000Z",
                         *           "enterprise": "example"
                         *         }
                         *       ],
                         *       "nextBefore": 1
                         *     }
                         */
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                /** @description The creating account's name. */
                                creator: string;
                                data?: {
                                    assurance: {
                                        client: {
                                            /**
                                             * @description `official`: a scanner build this server registered, every call signed; `third-party`: an integration the operator registered, signed; `development`: the scanner run from source; `unverified`: any other client.
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "third-party" | "development" | "unverified";
                                            /** @description The registered client’s name; null for unregistered ones. */
                                            name: string | null;
                                            /** @description The version the client gave at the start. */
                                            version: string | null;
                                        };
                                        /**
                                         * @description `high`: a registered client with nothing that lowers trust; `medium` or `low`: see `reasons`. A scan that is not `high` is never `legit`.
                                         * @enum {unknown}
                                         */
                                        level: "high" | "medium" | "low";
                                        /** @description Why the level is lower than `high`, lowest first; each is also an entry of `integrity`. */
                                        reasons: string[];
                                    } | null;
                                    cheating: string | null;
                                    country: string | null;
                                    detectionsCount: number;
                                    discord: {
                                        id: string;
                                        /**
                                         * @description How the scan knows the account: `proven` (the player signed in with Discord for the PIN), `named` (you named the player when creating the PIN), `seen` (found in a Discord store on the machine), `claimed` (only reported). Absent for scans finished before it was recorded. See docs/risk-score.md, "Whose scan it is".
                                         * @enum {unknown}
                                         */
                                        provenance?: "proven" | "named" | "seen" | "claimed";
                                        /**
                                         * @description `shared`: this scan counts in the account's risk score for every community; `enterprise`: only for yours.
                                         * @enum {unknown}
                                         */
                                        reach?: "shared" | "enterprise";
                                        username: string;
                                    }[];
                                    scantime: string | null;
                                    suspiciousCount: number;
                                    vpn: string | null;
                                    warningsCount: number;
                                    windows: string | null;
                                };
                                /** @description Name of the Enterprise the PIN was created under. */
                                enterprise: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                expiresAt: string;
                                isFinished: boolean;
                                isPending: boolean;
                                isScanning: boolean;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastStatusUpdate: string | null;
                                mine: boolean;
                                /** @example A7K3M2P9 */
                                pin: string;
                                pinName: string | null;
                                private: boolean;
                                progress: number;
                                result: ("legit" | "cheating" | "suspicious") | null;
                                /** @enum {unknown} */
                                status: "pending" | "scanning" | "finished" | "expired" | "error";
                                statusMessage: string | null;
                                type: string;
                                used: boolean;
                            }[];
                            nextBefore: number | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a scan PIN
         * @description The same rules and answers as POST /v1/pins/create: owners of an active Enterprise only, within the active-PIN limit (MAX_ACTIVE_PINS).
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "type": "Java",
                     *       "pinName": "example",
                     *       "ramDump": false,
                     *       "private": false,
                     *       "playerDiscordId": "123456789012345678",
                     *       "playerAddress": "203.0.113.7"
                     *     }
                     */
                    "application/json": {
                        /** @description Custom name, max 50 characters. */
                        pinName?: string | null;
                        playerAddress?: (string) | null;
                        /** @description The player's Discord user ID (17 to 20 digits), when you know who is being scanned. Only this account may then prove the scan, through the one-time link the scanner shows; a report about it counts for every community only once the player proved it that way (finding the account on the machine is not enough); see docs/risk-score.md, "Whose scan it is". */
                        playerDiscordId?: string | null;
                        /** @default false */
                        private?: boolean;
                        /** @default false */
                        ramDump?: boolean;
                        /**
                         * @description Game type: Java, Bedrock, FiveM, RedM, RageMP, AltV, Roblox, SanAndreas, Cod or Rust.
                         * @enum {string}
                         */
                        type: "Java" | "Bedrock" | "FiveM" | "RedM" | "RageMP" | "AltV" | "Roblox" | "SanAndreas" | "Cod" | "Rust";
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "pin": "A7K3M2P9",
                         *       "pinName": "example",
                         *       "type": "example",
                         *       "status": "pending",
                         *       "progress": 0,
                         *       "statusMessage": "example",
                         *       "result": "legit",
                         *       "used": false,
                         *       "lastStatusUpdate": "2026-02-11T15:25:00.000Z",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "isFinished": false,
                         *       "isScanning": false,
                         *       "isPending": false,
                         *       "data": {
                         *         "cheating": "example",
                         *         "vpn": "example",
                         *         "country": "example",
                         *         "scantime": "example",
                         *         "windows": "example",
                         *         "detectionsCount": 1,
                         *         "warningsCount": 1,
                         *         "suspiciousCount": 1,
                         *         "discord": [
                         *           {
                         *             "id": "example",
                         *             "username": "example",
                         *             "provenance": "proven",
                         *             "reach": "shared"
                         *           }
                         *         ],
                         *         "assurance": {
                         *           "client": {
                         *             "kind": "official",
                         *             "name": "example",
                         *             "version": "example"
                         *           },
                         *           "level": "high",
                         *           "reasons": [
                         *             "example"
                         *           ]
                         *         }
                         *       },
                         *       "private": false,
                         *       "creator": "example",
                         *       "mine": false,
                         *       "expiresAt": "2026-02-11T15:25:00.000Z",
                         *       "enterprise": "example"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            /** @description The creating account's name. */
                            creator: string;
                            data?: {
                                assurance: {
                                    client: {
                                        /**
                                         * @description `official`: a scanner build this server registered, every call signed; `third-party`: an integration the operator registered, signed; `development`: the scanner run from source; `unverified`: any other client.
                                         * @enum {unknown}
                                         */
                                        kind: "official" | "third-party" | "development" | "unverified";
                                        /** @description The registered client’s name; null for unregistered ones. */
                                        name: string | null;
                                        /** @description The version the client gave at the start. */
                                        version: string | null;
                                    };
                                    /**
                                     * @description `high`: a registered client with nothing that lowers trust; `medium` or `low`: see `reasons`. A scan that is not `high` is never `legit`.
                                     * @enum {unknown}
                                     */
                                    level: "high" | "medium" | "low";
                                    /** @description Why the level is lower than `high`, lowest first; each is also an entry of `integrity`. */
                                    reasons: string[];
                                } | null;
                                cheating: string | null;
                                country: string | null;
                                detectionsCount: number;
                                discord: {
                                    id: string;
                                    /**
                                     * @description How the scan knows the account: `proven` (the player signed in with Discord for the PIN), `named` (you named the player when creating the PIN), `seen` (found in a Discord store on the machine), `claimed` (only reported). Absent for scans finished before it was recorded. See docs/risk-score.md, "Whose scan it is".
                                     * @enum {unknown}
                                     */
                                    provenance?: "proven" | "named" | "seen" | "claimed";
                                    /**
                                     * @description `shared`: this scan counts in the account's risk score for every community; `enterprise`: only for yours.
                                     * @enum {unknown}
                                     */
                                    reach?: "shared" | "enterprise";
                                    username: string;
                                }[];
                                scantime: string | null;
                                suspiciousCount: number;
                                vpn: string | null;
                                warningsCount: number;
                                windows: string | null;
                            };
                            /** @description Name of the Enterprise the PIN was created under. */
                            enterprise: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            isFinished: boolean;
                            isPending: boolean;
                            isScanning: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastStatusUpdate: string | null;
                            mine: boolean;
                            /** @example A7K3M2P9 */
                            pin: string;
                            pinName: string | null;
                            private: boolean;
                            progress: number;
                            result: ("legit" | "cheating" | "suspicious") | null;
                            /** @enum {unknown} */
                            status: "pending" | "scanning" | "finished" | "expired" | "error";
                            statusMessage: string | null;
                            type: string;
                            used: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_game_type, active_pin_limit. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, account_banned, not_enterprise_owner. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/pins/{pinCode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One PIN with its results
         * @description One PIN with its results
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": {
                         *         "pin": "A7K3M2P9",
                         *         "pinName": "example",
                         *         "type": "example",
                         *         "status": "pending",
                         *         "progress": 0,
                         *         "statusMessage": "example",
                         *         "result": "legit",
                         *         "used": false,
                         *         "lastStatusUpdate": "2026-02-11T15:25:00.000Z",
                         *         "createdAt": "2026-02-11T15:25:00.000Z",
                         *         "isFinished": false,
                         *         "isScanning": false,
                         *         "isPending": false,
                         *         "data": {
                         *           "cheating": "example",
                         *           "vpn": "example",
                         *           "country": "example",
                         *           "scantime": "example",
                         *           "windows": "example",
                         *           "detectionsCount": 1,
                         *           "warningsCount": 1,
                         *           "suspiciousCount": 1,
                         *           "discord": [
                         *             {
                         *               "id": "example",
                         *               "username": "example",
                         *               "provenance": "proven",
                         *               "reach": "shared"
                         *             }
                         *           ],
                         *           "assurance": {
                         *             "client": {
                         *               "kind": "official",
                         *               "name": "example",
                         *               "version": "example"
                         *             },
                         *             "level": "high",
                         *             "reasons": [
                         *               "example"
                         *             ]
                         *           }
                         *         },
                         *         "private": false,
                         *         "creator": "example",
                         *         "mine": false,
                         *         "expiresAt": "2026-02-11T15:25:00.000Z",
                         *         "enterprise": "example"
                         *       },
                         *       "results": {
                         *         "pin": "A7K3M2P9",
                         *         "type": "example",
                         *         "status": "finished",
                         *         "result": "legit",
                         *         "pinName": "example",
                         *         "data": {
                         *           "cheating": "example",
                         *           "detections": [
                         *             "example"
                         *           ],
                         *           "suspicious": [
                         *             "example"
                         *           ],
                         *           "warnings": [
                         *             "example"
                         *           ],
                         *           "untrusted": [
                         *             "example"
                         *           ],
                         *           "integrity": [
                         *             "example"
                         *           ],
                         *           "customSuspicious": [
                         *             "example"
                         *           ],
                         *           "vpn": "example",
                         *           "country": "example",
                         *           "logon": "example",
                         *           "scantime": "example",
                         *           "windows": "example",
                         *           "discord": [
                         *             {
                         *               "id": "example",
                         *               "username": "example",
                         *               "provenance": "proven",
                         *               "reach": "shared"
                         *             }
                         *           ],
                         *           "assurance": {
                         *             "client": {
                         *               "kind": "official",
                         *               "name": "example",
                         *               "version": "example"
                         *             },
                         *             "level": "high",
                         *             "reasons": [
                         *               "example"
                         *             ]
                         *           }
                         *         },
                         *         "createdAt": "2026-02-11T15:25:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            results: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                data: {
                                    assurance: {
                                        client: {
                                            /**
                                             * @description `official`: a scanner build this server registered, every call signed; `third-party`: an integration the operator registered, signed; `development`: the scanner run from source; `unverified`: any other client.
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "third-party" | "development" | "unverified";
                                            /** @description The registered client’s name; null for unregistered ones. */
                                            name: string | null;
                                            /** @description The version the client gave at the start. */
                                            version: string | null;
                                        };
                                        /**
                                         * @description `high`: a registered client with nothing that lowers trust; `medium` or `low`: see `reasons`. A scan that is not `high` is never `legit`.
                                         * @enum {unknown}
                                         */
                                        level: "high" | "medium" | "low";
                                        /** @description Why the level is lower than `high`, lowest first; each is also an entry of `integrity`. */
                                        reasons: string[];
                                    } | null;
                                    cheating: string | null;
                                    country: string | null;
                                    customSuspicious: string[];
                                    detections: string[];
                                    discord: {
                                        id: string;
                                        /**
                                         * @description How the scan knows the account: `proven` (the player signed in with Discord for the PIN), `named` (you named the player when creating the PIN), `seen` (found in a Discord store on the machine), `claimed` (only reported). Absent for scans finished before it was recorded. See docs/risk-score.md, "Whose scan it is".
                                         * @enum {unknown}
                                         */
                                        provenance?: "proven" | "named" | "seen" | "claimed";
                                        /**
                                         * @description `shared`: this scan counts in the account's risk score for every community; `enterprise`: only for yours.
                                         * @enum {unknown}
                                         */
                                        reach?: "shared" | "enterprise";
                                        username: string;
                                    }[];
                                    integrity: string[];
                                    logon: string | null;
                                    scantime: string | null;
                                    suspicious: string[];
                                    untrusted: string[];
                                    vpn: string | null;
                                    warnings: string[];
                                    windows: string | null;
                                };
                                /** @example A7K3M2P9 */
                                pin: string;
                                pinName: string | null;
                                /** @enum {unknown} */
                                result: "legit" | "cheating" | "suspicious";
                                /** @enum {string} */
                                status: "finished";
                                type: string;
                            } | {
                                message: string;
                                /** @example A7K3M2P9 */
                                pin: string;
                                pinName: string | null;
                                /** @enum {string} */
                                result: "none";
                                /** @enum {unknown} */
                                status: "pending" | "scanning" | "expired" | "error";
                                type: string;
                            };
                            status: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                /** @description The creating account's name. */
                                creator: string;
                                data?: {
                                    assurance: {
                                        client: {
                                            /**
                                             * @description `official`: a scanner build this server registered, every call signed; `third-party`: an integration the operator registered, signed; `development`: the scanner run from source; `unverified`: any other client.
                                             * @enum {unknown}
                                             */
                                            kind: "official" | "third-party" | "development" | "unverified";
                                            /** @description The registered client’s name; null for unregistered ones. */
                                            name: string | null;
                                            /** @description The version the client gave at the start. */
                                            version: string | null;
                                        };
                                        /**
                                         * @description `high`: a registered client with nothing that lowers trust; `medium` or `low`: see `reasons`. A scan that is not `high` is never `legit`.
                                         * @enum {unknown}
                                         */
                                        level: "high" | "medium" | "low";
                                        /** @description Why the level is lower than `high`, lowest first; each is also an entry of `integrity`. */
                                        reasons: string[];
                                    } | null;
                                    cheating: string | null;
                                    country: string | null;
                                    detectionsCount: number;
                                    discord: {
                                        id: string;
                                        /**
                                         * @description How the scan knows the account: `proven` (the player signed in with Discord for the PIN), `named` (you named the player when creating the PIN), `seen` (found in a Discord store on the machine), `claimed` (only reported). Absent for scans finished before it was recorded. See docs/risk-score.md, "Whose scan it is".
                                         * @enum {unknown}
                                         */
                                        provenance?: "proven" | "named" | "seen" | "claimed";
                                        /**
                                         * @description `shared`: this scan counts in the account's risk score for every community; `enterprise`: only for yours.
                                         * @enum {unknown}
                                         */
                                        reach?: "shared" | "enterprise";
                                        username: string;
                                    }[];
                                    scantime: string | null;
                                    suspiciousCount: number;
                                    vpn: string | null;
                                    warningsCount: number;
                                    windows: string | null;
                                };
                                /** @description Name of the Enterprise the PIN was created under. */
                                enterprise: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                expiresAt: string;
                                isFinished: boolean;
                                isPending: boolean;
                                isScanning: boolean;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastStatusUpdate: string | null;
                                mine: boolean;
                                /** @example A7K3M2P9 */
                                pin: string;
                                pinName: string | null;
                                private: boolean;
                                progress: number;
                                result: ("legit" | "cheating" | "suspicious") | null;
                                /** @enum {unknown} */
                                status: "pending" | "scanning" | "finished" | "expired" | "error";
                                statusMessage: string | null;
                                type: string;
                                used: boolean;
                            };
                        };
                    };
                };
                /** @description Bad Request: invalid_pin_code. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: pin_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/pins/{pinCode}/discord-message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A PIN's message in the Discord app, as it would be drawn now
         * @description The content, embed and buttons the built-in Discord app shows for this PIN (docs/discord.md, "The scan message"), for a preview.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "content": "example",
                         *       "embeds": [
                         *         {
                         *           "title": "example",
                         *           "description": "example",
                         *           "color": 1,
                         *           "fields": [
                         *             {
                         *               "name": "example",
                         *               "value": "example",
                         *               "inline": false
                         *             }
                         *           ],
                         *           "footer": {
                         *             "text": "example"
                         *           },
                         *           "timestamp": "example"
                         *         }
                         *       ],
                         *       "components": [
                         *         {
                         *           "type": 1,
                         *           "components": [
                         *             {
                         *               "type": 1,
                         *               "style": 1,
                         *               "label": "example",
                         *               "url": "example",
                         *               "custom_id": "example"
                         *             }
                         *           ]
                         *         }
                         *       ],
                         *       "flags": 1
                         *     }
                         */
                        "application/json": {
                            components?: {
                                components: {
                                    custom_id?: string;
                                    label?: string;
                                    /** @description 5 is a link (`url`); the others carry a `custom_id`. */
                                    style: number;
                                    type: number;
                                    url?: string;
                                }[];
                                type: number;
                            }[];
                            content?: string;
                            embeds?: {
                                color?: number;
                                description?: string;
                                fields?: {
                                    inline?: boolean;
                                    name: string;
                                    value: string;
                                }[];
                                footer?: {
                                    text: string;
                                };
                                timestamp?: string;
                                title?: string;
                            }[];
                            flags?: number;
                        };
                    };
                };
                /** @description Bad Request: invalid_pin_code. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: pin_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/pins/{pinCode}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A scan's evidence and the findings behind its results
         * @description Who may see the PIN may see it. `evidence` is null when there is none: the scan has not finished, or a scanner finished it through /v1/scanner/finish without an evidence document.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "evidence": {
                         *         "receiptId": "example",
                         *         "receivedAt": "2026-02-11T15:25:00.000Z",
                         *         "findings": [
                         *           {
                         *             "ruleId": 1,
                         *             "rule": "example",
                         *             "kind": "memory-string",
                         *             "severity": "detection",
                         *             "proves": "possession",
                         *             "text": "example",
                         *             "evidence": {
                         *               "source": "memory",
                         *               "index": 0,
                         *               "value": "example"
                         *             }
                         *           }
                         *         ],
                         *         "omitted": [
                         *           {
                         *             "ruleId": 1,
                         *             "rule": "example",
                         *             "severity": "detection",
                         *             "places": 1
                         *           }
                         *         ],
                         *         "document": {
                         *           "schema": 1,
                         *           "client": {
                         *             "version": "example",
                         *             "platform": "example",
                         *             "arch": "example"
                         *           },
                         *           "sources": {
                         *             "processes": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "items": [
                         *                 {
                         *                   "pid": 0,
                         *                   "name": "example",
                         *                   "path": "example",
                         *                   "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                         *                   "startedAt": "2026-02-11T15:25:00.000Z",
                         *                   "commandLine": "example",
                         *                   "injections": [
                         *                     "example"
                         *                   ]
                         *                 }
                         *               ],
                         *               "game": {
                         *                 "expected": [
                         *                   "example"
                         *                 ],
                         *                 "running": false,
                         *                 "waitedSeconds": 0
                         *               }
                         *             },
                         *             "memory": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "items": [
                         *                 {
                         *                   "pid": 0,
                         *                   "process": "example",
                         *                   "readable": false,
                         *                   "reason": "example",
                         *                   "bytesScanned": 0,
                         *                   "regions": 0,
                         *                   "classNames": [
                         *                     "example"
                         *                   ],
                         *                   "strings": [
                         *                     "example"
                         *                   ],
                         *                   "truncated": false,
                         *                   "classNamesTotal": 0
                         *                 }
                         *               ]
                         *             },
                         *             "files": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "installations": [
                         *                 "example"
                         *               ],
                         *               "items": [
                         *                 {
                         *                   "path": "example",
                         *                   "linkTarget": "example",
                         *                   "kind": "jar",
                         *                   "size": 0,
                         *                   "modifiedAt": "2026-02-11T15:25:00.000Z",
                         *                   "createdAt": "2026-02-11T15:25:00.000Z",
                         *                   "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                         *                   "entries": [
                         *                     "example"
                         *                   ],
                         *                   "entriesTotal": 0
                         *                 }
                         *               ],
                         *               "itemsTotal": 0
                         *             },
                         *             "logs": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "items": [
                         *                 {
                         *                   "path": "example",
                         *                   "lines": [
                         *                     "example"
                         *                   ]
                         *                 }
                         *               ]
                         *             },
                         *             "discord": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "accounts": [
                         *                 {
                         *                   "id": "123456789012345678",
                         *                   "username": "example",
                         *                   "client": "example"
                         *                 }
                         *               ]
                         *             },
                         *             "network": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "adapters": [
                         *                 {
                         *                   "name": "example",
                         *                   "kind": "vpn",
                         *                   "up": false,
                         *                   "hasAddress": false,
                         *                   "description": "example"
                         *                 }
                         *               ]
                         *             },
                         *             "system": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "os": "example",
                         *               "bootedAt": "2026-02-11T15:25:00.000Z",
                         *               "logonAt": "2026-02-11T15:25:00.000Z",
                         *               "virtualMachine": [
                         *                 "example"
                         *               ],
                         *               "clientTime": "2026-02-11T15:25:00.000Z"
                         *             },
                         *             "prefetch": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "enabled": false,
                         *               "folder": "example",
                         *               "folderModifiedAt": "2026-02-11T15:25:00.000Z",
                         *               "filesTotal": 0,
                         *               "unreadable": 0,
                         *               "items": [
                         *                 {
                         *                   "path": "example",
                         *                   "version": 0,
                         *                   "executable": "example",
                         *                   "hash": "example",
                         *                   "runCount": 0,
                         *                   "lastRuns": [
                         *                     "2026-02-11T15:25:00.000Z"
                         *                   ],
                         *                   "executablePath": "example",
                         *                   "modifiedAt": "2026-02-11T15:25:00.000Z",
                         *                   "createdAt": "2026-02-11T15:25:00.000Z"
                         *                 }
                         *               ]
                         *             },
                         *             "bam": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "from": "hive-file",
                         *               "controlSet": "example",
                         *               "items": [
                         *                 {
                         *                   "service": "bam",
                         *                   "sid": "example",
                         *                   "program": "example",
                         *                   "lastRun": "2026-02-11T15:25:00.000Z"
                         *                 }
                         *               ]
                         *             },
                         *             "pca": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "skippedLines": 0,
                         *               "items": [
                         *                 {
                         *                   "file": "PcaAppLaunchDic.txt",
                         *                   "path": "example",
                         *                   "time": "2026-02-11T15:25:00.000Z",
                         *                   "runStatus": "example",
                         *                   "exitCode": "example",
                         *                   "description": "example",
                         *                   "vendor": "example",
                         *                   "version": "example",
                         *                   "programId": "example"
                         *                 }
                         *               ]
                         *             },
                         *             "recycleBin": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "drives": [
                         *                 "example"
                         *               ],
                         *               "items": [
                         *                 {
                         *                   "path": "example",
                         *                   "version": 0,
                         *                   "originalPath": "example",
                         *                   "size": 0,
                         *                   "deletedAt": "2026-02-11T15:25:00.000Z",
                         *                   "dataPresent": false
                         *                 }
                         *               ]
                         *             },
                         *             "gameFolders": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "folders": [
                         *                 "example"
                         *               ],
                         *               "items": [
                         *                 {
                         *                   "path": "example",
                         *                   "folder": "example",
                         *                   "kind": "file",
                         *                   "size": 0,
                         *                   "modifiedAt": "2026-02-11T15:25:00.000Z",
                         *                   "createdAt": "2026-02-11T15:25:00.000Z",
                         *                   "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
                         *                 }
                         *               ]
                         *             },
                         *             "programs": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "items": [
                         *                 {
                         *                   "path": "example",
                         *                   "name": "example",
                         *                   "exists": false,
                         *                   "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                         *                   "modifiedAt": "2026-02-11T15:25:00.000Z",
                         *                   "createdAt": "2026-02-11T15:25:00.000Z",
                         *                   "signature": {
                         *                     "status": "unsigned",
                         *                     "signer": "example",
                         *                     "issuer": "example",
                         *                     "selfSigned": false,
                         *                     "reason": "example",
                         *                     "signedAt": "2026-02-11T15:25:00.000Z"
                         *                   },
                         *                   "timeline": [
                         *                     {
                         *                       "source": "process",
                         *                       "at": "2026-02-11T15:25:00.000Z"
                         *                     }
                         *                   ]
                         *                 }
                         *               ]
                         *             },
                         *             "eventLogs": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "logs": [
                         *                 {
                         *                   "name": "System",
                         *                   "path": "example",
                         *                   "status": "read",
                         *                   "reason": "example",
                         *                   "how": "file",
                         *                   "records": 0,
                         *                   "oldestAt": "2026-02-11T15:25:00.000Z",
                         *                   "newestAt": "2026-02-11T15:25:00.000Z",
                         *                   "dirty": false,
                         *                   "full": false,
                         *                   "problems": [
                         *                     "example"
                         *                   ]
                         *                 }
                         *               ],
                         *               "items": [
                         *                 {
                         *                   "log": "System",
                         *                   "kind": "log-cleared",
                         *                   "eventId": 0,
                         *                   "provider": "example",
                         *                   "recordId": 0,
                         *                   "at": "2026-02-11T15:25:00.000Z",
                         *                   "service": "example",
                         *                   "program": "example",
                         *                   "from": "example",
                         *                   "to": "example",
                         *                   "detail": "example"
                         *                 }
                         *               ]
                         *             },
                         *             "macros": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "programs": [
                         *                 {
                         *                   "program": "Razer Synapse",
                         *                   "folder": "example",
                         *                   "macrosRead": false,
                         *                   "filesRead": 0,
                         *                   "filesUnreadable": 0,
                         *                   "macrosWithoutClicks": 0,
                         *                   "reason": "example"
                         *                 }
                         *               ],
                         *               "items": [
                         *                 {
                         *                   "program": "Razer Synapse",
                         *                   "file": "example",
                         *                   "profile": "example",
                         *                   "name": "example",
                         *                   "boundTo": "example",
                         *                   "clicks": 0,
                         *                   "buttons": [
                         *                     "example"
                         *                   ],
                         *                   "otherActions": 0,
                         *                   "shortestClickIntervalMs": 0,
                         *                   "clicksPerSecond": 0,
                         *                   "repeat": "once",
                         *                   "repeatTimes": 0,
                         *                   "fastClicks": false,
                         *                   "note": "example"
                         *                 }
                         *               ],
                         *               "unreadable": [
                         *                 {
                         *                   "program": "Razer Synapse",
                         *                   "path": "example",
                         *                   "reason": "example"
                         *                 }
                         *               ]
                         *             },
                         *             "usnJournal": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "elevated": false,
                         *               "windowHours": 0,
                         *               "volumes": [
                         *                 {
                         *                   "volume": "example",
                         *                   "system": false,
                         *                   "state": "read",
                         *                   "note": "example",
                         *                   "journalId": "example",
                         *                   "firstUsn": "example",
                         *                   "nextUsn": "example",
                         *                   "lowestValidUsn": "example",
                         *                   "wrapped": false,
                         *                   "oldestRecordAt": "2026-02-11T15:25:00.000Z",
                         *                   "complete": false,
                         *                   "bytesRead": 0,
                         *                   "changesDropped": 0
                         *                 }
                         *               ],
                         *               "items": [
                         *                 {
                         *                   "volume": "example",
                         *                   "kind": "deleted",
                         *                   "name": "example",
                         *                   "oldName": "example",
                         *                   "folder": "example",
                         *                   "at": "2026-02-11T15:25:00.000Z",
                         *                   "fileReference": "example",
                         *                   "parentReference": "example",
                         *                   "reasons": [
                         *                     "example"
                         *                   ]
                         *                 }
                         *               ]
                         *             },
                         *             "amcache": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "from": "hive-file",
                         *               "recordsTotal": 0,
                         *               "badFileIds": 0,
                         *               "damagedRecords": 0,
                         *               "items": [
                         *                 {
                         *                   "path": "example",
                         *                   "name": "example",
                         *                   "sha1": "da39a3ee5e6b4b0d3255bfef95601890afd80709",
                         *                   "sha1Covers": "whole-file",
                         *                   "size": 0,
                         *                   "linkDate": "2026-02-11T15:25:00.000Z",
                         *                   "publisher": "example",
                         *                   "productName": "example",
                         *                   "version": "example",
                         *                   "recordedAt": "2026-02-11T15:25:00.000Z",
                         *                   "exists": false
                         *                 }
                         *               ]
                         *             },
                         *             "jvm": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "items": [
                         *                 {
                         *                   "pid": 0,
                         *                   "process": "example",
                         *                   "readable": false,
                         *                   "reason": "example",
                         *                   "runtime": "example",
                         *                   "knownClasses": 0,
                         *                   "filesRead": 0,
                         *                   "unreadableFiles": [
                         *                     {
                         *                       "path": "example",
                         *                       "reason": "example"
                         *                     }
                         *                   ],
                         *                   "classSymbols": 0,
                         *                   "referencedOnly": 0,
                         *                   "unknownPackages": [
                         *                     {
                         *                       "name": "example",
                         *                       "count": 0,
                         *                       "classes": [
                         *                         "example"
                         *                       ]
                         *                     }
                         *                   ],
                         *                   "unknownSingles": [
                         *                     "example"
                         *                   ],
                         *                   "agents": [
                         *                     {
                         *                       "kind": "javaagent",
                         *                       "target": "example",
                         *                       "from": "command line"
                         *                     }
                         *                   ],
                         *                   "attachListener": false,
                         *                   "attachRequestFiles": [
                         *                     "example"
                         *                   ],
                         *                   "perfData": false,
                         *                   "truncated": false,
                         *                   "knownClassesTruncated": false,
                         *                   "classSymbolsTruncated": false
                         *                 }
                         *               ]
                         *             },
                         *             "services": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "from": "hive-file",
                         *               "controlSet": "example",
                         *               "items": [
                         *                 {
                         *                   "name": "example",
                         *                   "present": false,
                         *                   "start": 0,
                         *                   "startType": "boot",
                         *                   "state": "stopped",
                         *                   "type": 0,
                         *                   "imagePath": "example",
                         *                   "displayName": "example",
                         *                   "keyLastWritten": "2026-02-11T15:25:00.000Z",
                         *                   "problem": "example"
                         *                 }
                         *               ]
                         *             },
                         *             "shimcache": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "from": "hive-file",
                         *               "controlSet": "example",
                         *               "format": "windows-10",
                         *               "entriesTotal": 0,
                         *               "stopped": "example",
                         *               "items": [
                         *                 {
                         *                   "position": 0,
                         *                   "path": "example",
                         *                   "kind": "file",
                         *                   "lastModified": "2026-02-11T15:25:00.000Z",
                         *                   "executed": false
                         *                 }
                         *               ]
                         *             },
                         *             "modules": {
                         *               "status": "collected",
                         *               "reason": "example",
                         *               "processes": [
                         *                 {
                         *                   "pid": 0,
                         *                   "process": "example",
                         *                   "readable": false,
                         *                   "reason": "example",
                         *                   "systemModules": 0,
                         *                   "listed": 0,
                         *                   "truncated": false
                         *                 }
                         *               ],
                         *               "items": [
                         *                 {
                         *                   "path": "example",
                         *                   "fileSize": 0,
                         *                   "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                         *                   "verdict": "signed-valid",
                         *                   "signature": {
                         *                     "status": "unsigned",
                         *                     "signer": "example",
                         *                     "issuer": "example",
                         *                     "selfSigned": false,
                         *                     "reason": "example",
                         *                     "signedAt": "2026-02-11T15:25:00.000Z"
                         *                   },
                         *                   "folder": "windows-writable",
                         *                   "userWritable": false,
                         *                   "pids": [
                         *                     0
                         *                   ]
                         *                 }
                         *               ]
                         *             }
                         *           }
                         *         },
                         *         "cut": {}
                         *       }
                         *     }
                         */
                        "application/json": {
                            evidence: {
                                /** @description Lists answered only in part, by path (`sources.files.items`, `sources.files.items.3.entries`), with how many items each has in all: read the rest from `/pins/:pinCode/evidence/list`. */
                                cut: {
                                    [key: string]: number;
                                };
                                /** @description The evidence document as uploaded (docs/scan-client.md), without its one-time nonce. */
                                document: {
                                    client: {
                                        arch: string;
                                        platform: string;
                                        version: string;
                                    };
                                    /** @description Version 2 adds the Windows sections, version 3 the sections that show evidence being hidden; documents of versions 1 and 2 are still accepted. */
                                    schema: 1 | 2 | 3;
                                    sources: {
                                        /** @description Amcache.hve: the program files Windows recorded (present, not necessarily run), newest records first. */
                                        amcache?: {
                                            /** @description Records whose FileId is not a SHA-1: listed without one. */
                                            badFileIds: number;
                                            /** @description Records the hive’s damage made unreadable. */
                                            damagedRecords: number;
                                            from: ("hive-file" | "registry") | null;
                                            items: {
                                                /** @description Whether the file is there now; null when its drive is not on the machine at the scan (a USB stick). */
                                                exists: boolean | null;
                                                /**
                                                 * Format: date-time
                                                 * @description The link time in the program’s PE header (reproducible builds put a hash there). RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                linkDate: string | null;
                                                name: string;
                                                /** @description As Amcache wrote it (lower case), or as found on the disk; the home folder shortened to `~`. */
                                                path: string;
                                                productName: string | null;
                                                /** @description From the file’s version resource, as the file states it. */
                                                publisher: string | null;
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                recordedAt: string | null;
                                                /**
                                                 * @description SHA-1, lowercase hex.
                                                 * @example da39a3ee5e6b4b0d3255bfef95601890afd80709
                                                 */
                                                sha1: string | null;
                                                /**
                                                 * @description Windows hashes at most the first 31,457,280 bytes (30 MiB): for a larger file the SHA-1 is that prefix’s, not the whole file’s. `unknown`: no size recorded.
                                                 * @enum {unknown}
                                                 */
                                                sha1Covers: "whole-file" | "first-30-mib" | "unknown";
                                                size: number | null;
                                                version: string | null;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /** @description Records with a path, before the cap. */
                                            recordsTotal: number;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description BAM/DAM: the last run of each program per user. */
                                        bam?: {
                                            controlSet: string | null;
                                            from: ("hive-file" | "registry") | null;
                                            items: {
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                lastRun: string;
                                                /** @description A device path, or a packaged app’s family name. */
                                                program: string;
                                                /** @enum {unknown} */
                                                service: "bam" | "dam";
                                                sid: string;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Discord accounts signed in on this machine (never their tokens). */
                                        discord: {
                                            accounts: {
                                                /** @description Which Discord client’s store held it (`discord`, `discordptb`, …). */
                                                client: string;
                                                /**
                                                 * @description `erased` once an operator erased the account.
                                                 * @example 123456789012345678
                                                 */
                                                id: string;
                                                username: string;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Windows event logs: whether each could be read, and the events that show hiding or tampering. */
                                        eventLogs?: {
                                            items: {
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                at: string | null;
                                                /** @description The log cleared, the service type, the volume, the shutdown’s time as written. */
                                                detail: string | null;
                                                eventId: number;
                                                /** @description Before: the old start type, the old time, when logging stopped. */
                                                from: string | null;
                                                /**
                                                 * @description What the event shows.
                                                 * @enum {unknown}
                                                 */
                                                kind: "log-cleared" | "usn-journal-deleted" | "service-start-type-changed" | "service-state-changed" | "service-installed" | "time-changed" | "event-log-stopped" | "unexpected-shutdown";
                                                /** @enum {unknown} */
                                                log: "System" | "Application" | "Security";
                                                /** @description A program the event names: a service’s image, the program that changed the clock. */
                                                program: string | null;
                                                provider: string;
                                                recordId: number;
                                                /** @description The service (its key name when the event gives it). */
                                                service: string | null;
                                                /** @description After: the new start type or state, the new time, when logging resumed. */
                                                to: string | null;
                                            }[];
                                            logs: {
                                                /** @description The file header says the log was not closed cleanly. */
                                                dirty: boolean | null;
                                                /** @description The file header says the log is full: its oldest records are being overwritten. */
                                                full: boolean | null;
                                                how: ("file" | "export") | null;
                                                /** @enum {unknown} */
                                                name: "System" | "Application" | "Security";
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                newestAt: string | null;
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                oldestAt: string | null;
                                                /** @description The `.evtx` file, as shown. */
                                                path: string;
                                                /** @description What could not be read: checksums that do not match, records cut off, … */
                                                problems: string[];
                                                /** @description Why it was not read, in words a person understands. */
                                                reason: string | null;
                                                records: number;
                                                /**
                                                 * @description `read`: its records were read (`problems` says what could not be); `missing`: no such file; `denied`/`locked`: Windows refused the read; `corrupt`: not an event log; `failed`: another error.
                                                 * @enum {unknown}
                                                 */
                                                status: "read" | "missing" | "denied" | "locked" | "corrupt" | "failed";
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Game installations: mods and versions jars, renamed archives. */
                                        files: {
                                            /** @description Installation folders that were searched. */
                                            installations: string[];
                                            items: {
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                createdAt: string | null;
                                                /** @description Entry paths inside the archive (class paths such as `a/b/C.class`); class files first when there are more than the cap. */
                                                entries: string[];
                                                /** @description Every entry of the archive, listed or not. */
                                                entriesTotal: number;
                                                /**
                                                 * @description `zip`: a zip archive under another extension than `.jar`.
                                                 * @enum {unknown}
                                                 */
                                                kind: "jar" | "zip" | "file";
                                                /** @description Where the file points, when it is a symbolic link to a regular file (read as the game loads it). */
                                                linkTarget?: string;
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                modifiedAt: string | null;
                                                /** @description The home folder shortened to `~`. */
                                                path: string;
                                                /**
                                                 * @description SHA-256, lowercase hex.
                                                 * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                                 */
                                                sha256: string;
                                                size: number;
                                            }[];
                                            /** @description How many files would have been listed without the cap; more than `items` holds means the list is not the whole folder. */
                                            itemsTotal?: number;
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Game folders beyond Minecraft: FiveM, SA-MP, temp folders, macro software. */
                                        gameFolders?: {
                                            /** @description Folders that were searched and exist. */
                                            folders: string[];
                                            items: {
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                createdAt: string | null;
                                                /** @description Which known folder: `FiveM plugins`, `SA-MP cleo`, `temp`, `macro software`, … */
                                                folder: string;
                                                /** @enum {unknown} */
                                                kind: "file" | "folder";
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                modifiedAt: string | null;
                                                path: string;
                                                /**
                                                 * @description SHA-256, lowercase hex.
                                                 * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                                 */
                                                sha256: string | null;
                                                size: number;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Java game processes: classes loaded in memory that no jar of the runtime, class path, game folder or mods holds (an injected client), Java agents and attach traces. Only class names leave the machine. */
                                        jvm?: {
                                            items: {
                                                agents: {
                                                    /**
                                                     * @description The command line, or the environment variable the launcher read it from (only its agent arguments are read).
                                                     * @enum {unknown}
                                                     */
                                                    from: "command line" | "JAVA_TOOL_OPTIONS" | "JDK_JAVA_OPTIONS" | "_JAVA_OPTIONS";
                                                    /**
                                                     * @description `javaagent`: a jar of Java code; `agentpath`: a native library by path; `agentlib`: a native library by name (`jdwp` is the debugger).
                                                     * @enum {unknown}
                                                     */
                                                    kind: "javaagent" | "agentpath" | "agentlib";
                                                    /** @description The jar, library path or library name, without its options. */
                                                    target: string;
                                                }[];
                                                /** @description The JVM’s attach listener was started (`.java_pid<pid>` in the temporary folder): a tool attached since the game started. Null where it cannot be told. */
                                                attachListener: boolean | null;
                                                /** @description `.attach_pid<pid>` files left in its working or temporary folder. */
                                                attachRequestFiles: string[];
                                                classSymbols: number;
                                                /** @description More class names were in memory than a scan compares: a loaded class among the rest was not compared; the unknown classes listed are unknown still. */
                                                classSymbolsTruncated?: boolean;
                                                filesRead: number;
                                                knownClasses: number;
                                                /** @description A cap on the files read (jars, class files in folders) was reached: classes of files not read count as unknown, so an unknown package may be a legitimate file’s. */
                                                knownClassesTruncated?: boolean;
                                                /** @description It publishes `hsperfdata_<user>/<pid>`, which lets tools find it to attach: every JVM does unless told not to. */
                                                perfData: boolean | null;
                                                pid: number;
                                                process: string;
                                                /** @description Its memory and class path could be read. */
                                                readable: boolean;
                                                /** @description Why not, or what could not be told, and what the player can do. */
                                                reason: string | null;
                                                referencedOnly: number;
                                                /** @description The Java runtime it runs (its home folder). */
                                                runtime: string | null;
                                                /** @description A cap was reached: some classes were not compared (either of the two below, which an older scanner does not send). */
                                                truncated: boolean;
                                                /** @description Packages with at least two loaded classes that no known file holds: the finding. A class counts as loaded when a HotSpot Klass points to its name. */
                                                unknownPackages: {
                                                    /** @description Its unknown loaded classes (the first, sorted). */
                                                    classes: string[];
                                                    count: number;
                                                    /** @description The package, slash-separated (`me/client`); empty for classes outside any package. */
                                                    name: string;
                                                }[];
                                                /** @description Unknown loaded classes alone in their package: shown, not a finding by themselves. */
                                                unknownSingles: string[];
                                                /** @description Files on its class path that could not be read: their classes count as unknown. */
                                                unreadableFiles: {
                                                    /** @description The home folder shortened to `~`. */
                                                    path: string;
                                                    reason: string;
                                                }[];
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Game logs: the newest log’s lines that match a hint. */
                                        logs: {
                                            items: {
                                                /** @description Lines that contain one of the plan’s hints. */
                                                lines: string[];
                                                path: string;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Click macros in mouse software: the programs installed, and the click timing of the macros whose format can be read. */
                                        macros?: {
                                            items: {
                                                /** @description The button or hotkey that runs it, when the file says. */
                                                boundTo: string | null;
                                                /** @description The mouse buttons it presses. */
                                                buttons: string[];
                                                clicks: number;
                                                /** @description 1000 / the shortest interval; null at 0 ms. */
                                                clicksPerSecond: number | null;
                                                /** @description Presses repeat less than 50 ms apart (over 20 clicks per second): faster than a person clicks. */
                                                fastClicks: boolean;
                                                /** @description The settings file or script it was read from. */
                                                file: string;
                                                /** @description The name the owner gave a clicking macro (capped and redacted), or one the reader makes. */
                                                name: string;
                                                /** @description What the reader could not tell. */
                                                note: string | null;
                                                /** @description Keys, moves and other actions in one run, counted only: what it types is never read. */
                                                otherActions: number;
                                                /** @description The profile, application or script it belongs to. */
                                                profile: string | null;
                                                /**
                                                 * @description The mouse or macro program.
                                                 * @enum {unknown}
                                                 */
                                                program: "Razer Synapse" | "Logitech Gaming Software" | "Logitech G HUB" | "X-Mouse Button Control" | "AutoHotkey" | "Bloody" | "SteelSeries GG" | "Corsair iCUE";
                                                /** @enum {unknown} */
                                                repeat: "once" | "times" | "while-held" | "toggle" | "until-stopped" | "unknown";
                                                repeatTimes: number | null;
                                                /** @description Shortest time from one press to the next, repeats included. */
                                                shortestClickIntervalMs: number | null;
                                            }[];
                                            programs: {
                                                filesRead: number;
                                                filesUnreadable: number;
                                                /** @description Its own folder, when one exists (AutoHotkey scripts may be found without it). */
                                                folder: string | null;
                                                /** @description Whether its macro settings are read: false when its format has no public description (installed only). */
                                                macrosRead: boolean;
                                                /** @description Macros read that press no mouse button (keys, text, shortcuts): counted only, never named, since a name or description can hold what the macro types. */
                                                macrosWithoutClicks: number;
                                                /**
                                                 * @description The mouse or macro program.
                                                 * @enum {unknown}
                                                 */
                                                program: "Razer Synapse" | "Logitech Gaming Software" | "Logitech G HUB" | "X-Mouse Button Control" | "AutoHotkey" | "Bloody" | "SteelSeries GG" | "Corsair iCUE";
                                                /** @description Why its macros are not read. */
                                                reason: string | null;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                            unreadable: {
                                                path: string;
                                                /**
                                                 * @description The mouse or macro program.
                                                 * @enum {unknown}
                                                 */
                                                program: "Razer Synapse" | "Logitech Gaming Software" | "Logitech G HUB" | "X-Mouse Button Control" | "AutoHotkey" | "Bloody" | "SteelSeries GG" | "Corsair iCUE";
                                                reason: string;
                                            }[];
                                        };
                                        /** @description Strings in the game processes’ memory (raw memory never leaves the machine). */
                                        memory: {
                                            items: {
                                                bytesScanned: number;
                                                /** @description Java class names found (slash-separated, a package of two levels or more), ASCII or UTF-16LE. When there are more than the cap, chosen in this order: names outside the Java runtime’s, Minecraft’s and its usual libraries’ packages that hold a hint; a few of the game’s own; the other names outside those packages; the names inside them. */
                                                classNames: string[];
                                                /** @description Distinct class names found, sent or not: more than `classNames` holds when the cap cut the list. Counting stops at 1,000,000. */
                                                classNamesTotal?: number;
                                                pid: number;
                                                process: string;
                                                readable: boolean;
                                                /** @description Why the memory could not be read, and what the player can do. */
                                                reason: string | null;
                                                regions: number;
                                                /** @description Strings that contain one of the plan’s hints. */
                                                strings: string[];
                                                /** @description A cap was reached: class names or strings were left out. */
                                                truncated: boolean;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Modules loaded in the game processes (Toolhelp): each one outside %SystemRoot% with its fingerprint, Authenticode verdict and folder kind; the Windows ones counted per process. Code mapped by hand (manual mapping) is not listed by Windows and so not here. */
                                        modules?: {
                                            items: {
                                                fileSize: number | null;
                                                /**
                                                 * @description Where it was loaded from: `windows-writable` is one of the folders under %SystemRoot% that users may write to; `elsewhere` is any folder outside Windows, Program Files, ProgramData and the profile.
                                                 * @enum {unknown}
                                                 */
                                                folder: "windows-writable" | "program-files" | "program-data" | "temp" | "user-profile" | "elsewhere";
                                                /** @description The home folder shortened to `~`. */
                                                path: string;
                                                /** @description The game processes that have it loaded. */
                                                pids: number[];
                                                /**
                                                 * @description SHA-256, lowercase hex.
                                                 * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                                 */
                                                sha256: string | null;
                                                /** @description Authenticode; trust up to a root is not checked (docs/scan-client.md). */
                                                signature: {
                                                    issuer: string | null;
                                                    reason: string | null;
                                                    selfSigned: boolean | null;
                                                    /**
                                                     * Format: date-time
                                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                     * @example 2026-02-11T15:25:00.000Z
                                                     */
                                                    signedAt: string | null;
                                                    signer: string | null;
                                                    /** @enum {unknown} */
                                                    status: "unsigned" | "signed-valid" | "signed-invalid" | "signed-unverifiable" | "unreadable" | "not-read";
                                                };
                                                /** @description An ordinary user may put a file in that folder on a default Windows install; null when that depends on an access list the scanner does not read. */
                                                userWritable: boolean | null;
                                                /**
                                                 * @description `self-signed`: a valid signature by a certificate that issued itself; `unsigned`: no embedded signature (Windows' catalog-signed DLLs read so too); `invalid`: the file no longer matches its signature, or the signature is broken; `not-read`: unopened or too large.
                                                 * @enum {unknown}
                                                 */
                                                verdict: "signed-valid" | "self-signed" | "unsigned" | "invalid" | "unverifiable" | "unreadable" | "not-read";
                                            }[];
                                            processes: {
                                                listed: number;
                                                pid: number;
                                                process: string;
                                                /** @description Its module list could be taken. */
                                                readable: boolean;
                                                /** @description Why not, and what the player can do. */
                                                reason: string | null;
                                                systemModules: number;
                                                /** @description It had more modules than the caps let through. */
                                                truncated: boolean;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Network adapters, including ones that are down or have no address. */
                                        network: {
                                            adapters: {
                                                description: string | null;
                                                hasAddress: boolean;
                                                /** @enum {unknown} */
                                                kind: "vpn" | "tunnel" | "ethernet" | "wireless" | "loopback" | "virtual" | "other";
                                                name: string;
                                                up: boolean;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Program Compatibility Assistant launch records (Windows 11 22H2 and later). */
                                        pca?: {
                                            items: {
                                                /** @description The general log’s description of the program. */
                                                description?: string;
                                                exitCode: string | null;
                                                /** @enum {unknown} */
                                                file: "PcaAppLaunchDic.txt" | "PcaGeneralDb0.txt" | "PcaGeneralDb1.txt";
                                                /** @description The program as the file wrote it, a folder variable (`%programfiles%`) resolved where the scanner knows it, the home folder shortened to `~`. */
                                                path: string;
                                                /** @description The general log’s program id, the one Amcache uses. */
                                                programId?: string;
                                                runStatus: string | null;
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                time: string;
                                                /** @description The general log’s vendor (company) of the program. */
                                                vendor?: string;
                                                /** @description The general log’s version of the program. */
                                                version?: string;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            skippedLines: number;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Windows Prefetch: programs that ran, with their run counts and last run times. */
                                        prefetch?: {
                                            /** @description `EnablePrefetcher`; null when unknown. */
                                            enabled: boolean | null;
                                            filesTotal: number;
                                            folder: string | null;
                                            /**
                                             * Format: date-time
                                             * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                             * @example 2026-02-11T15:25:00.000Z
                                             */
                                            folderModifiedAt: string | null;
                                            items: {
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                createdAt: string | null;
                                                executable: string;
                                                /** @description The executable among the files it loaded (a device path). */
                                                executablePath: string | null;
                                                hash: string;
                                                /** @description Newest first. */
                                                lastRuns: string[];
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                modifiedAt: string | null;
                                                /** @description The `.pf` file. */
                                                path: string;
                                                runCount: number;
                                                version: number;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                            unreadable: number;
                                        };
                                        /** @description The game’s processes and launchers. */
                                        processes: {
                                            game?: {
                                                /** @description The process names the client looked for, for the PIN’s game. */
                                                expected: string[];
                                                /** @description A process of the game was running when the scan read the processes. */
                                                running: boolean;
                                                /** @description How long the client waited for the player to start the game. */
                                                waitedSeconds: number;
                                            };
                                            items: {
                                                /** @description With secrets (access tokens, passwords) replaced by `<redacted>`. */
                                                commandLine: string;
                                                /** @description `-javaagent:`, `-agentpath:` and similar arguments. */
                                                injections: string[];
                                                name: string;
                                                /** @description Executable path, the home folder shortened to `~`. */
                                                path: string | null;
                                                pid: number;
                                                /**
                                                 * @description SHA-256, lowercase hex.
                                                 * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                                 */
                                                sha256: string | null;
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                startedAt: string | null;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Programs the Windows sources show ran: whether they still exist, signature, timeline. */
                                        programs?: {
                                            items: {
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                createdAt: string | null;
                                                /** @description Still on a drive the scan could see. */
                                                exists: boolean;
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                modifiedAt: string | null;
                                                name: string;
                                                /** @description The home folder shortened to `~`. */
                                                path: string;
                                                /**
                                                 * @description SHA-256, lowercase hex.
                                                 * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                                 */
                                                sha256: string | null;
                                                signature: {
                                                    issuer: string | null;
                                                    reason: string | null;
                                                    selfSigned: boolean | null;
                                                    /**
                                                     * Format: date-time
                                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                     * @example 2026-02-11T15:25:00.000Z
                                                     */
                                                    signedAt: string | null;
                                                    signer: string | null;
                                                    /** @enum {unknown} */
                                                    status: "unsigned" | "signed-valid" | "signed-invalid" | "signed-unverifiable" | "unreadable" | "not-read";
                                                } | null;
                                                /** @description Every time known for the program, oldest first. */
                                                timeline: {
                                                    /**
                                                     * Format: date-time
                                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                     * @example 2026-02-11T15:25:00.000Z
                                                     */
                                                    at: string;
                                                    /** @enum {unknown} */
                                                    source: "process" | "prefetch" | "bam" | "pca" | "file-created" | "file-modified" | "recycle-bin";
                                                }[];
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description Recycle Bin records: what was deleted, from where, and when. */
                                        recycleBin?: {
                                            /** @description Drives whose bins were read. */
                                            drives: string[];
                                            items: {
                                                /** @description Its `$R` data file is still in the bin. */
                                                dataPresent: boolean;
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                deletedAt: string | null;
                                                /** @description Where the file was before it was deleted. */
                                                originalPath: string;
                                                /** @description The `$I` file. */
                                                path: string;
                                                size: number;
                                                version: number;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description The Windows services that write the evidence (SysMain for Prefetch, PcaSvc, the BAM and DAM drivers, EventLog, …): each one’s start type, and on a running Windows its state. */
                                        services?: {
                                            controlSet: string | null;
                                            from: ("hive-file" | "service-manager") | null;
                                            items: {
                                                displayName: string | null;
                                                imagePath: string | null;
                                                /**
                                                 * Format: date-time
                                                 * @description When the service’s registry key last changed (a hive file only). RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                keyLastWritten: string | null;
                                                /** @description The service’s key name (`SysMain`, `PcaSvc`, `bam`, …). */
                                                name: string;
                                                /** @description False: the service does not exist (Windows ships every one of these, so it was deleted). Null: unknown (a damaged hive hid it). */
                                                present: boolean | null;
                                                /** @description Why this service could not be read. */
                                                problem: string | null;
                                                start: number | null;
                                                startType: ("boot" | "system" | "automatic" | "manual" | "disabled") | null;
                                                state: ("stopped" | "start-pending" | "stop-pending" | "running" | "continue-pending" | "pause-pending" | "paused") | null;
                                                type: number | null;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                        };
                                        /** @description The Application Compatibility Cache (ShimCache) as Windows last saved it: programs that were on the machine, newest first, even if since deleted. */
                                        shimcache?: {
                                            controlSet: string | null;
                                            entriesTotal: number;
                                            format: ("windows-10" | "windows-8.0" | "windows-8.1") | null;
                                            from: ("hive-file" | "registry") | null;
                                            /** @description Newest first. */
                                            items: {
                                                /** @description Windows 8.x’s insertion flag; null on Windows 10 and 11, which do not record it. */
                                                executed: boolean | null;
                                                /** @enum {unknown} */
                                                kind: "file" | "packaged-app";
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                lastModified: string | null;
                                                /** @description As Windows wrote it (the home folder shortened to `~`); a packaged app’s family name when `kind` is `packaged-app`. */
                                                path: string;
                                                position: number;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                            /** @description Why the cache was read only in part. */
                                            stopped: string | null;
                                        };
                                        /** @description Operating system, virtual machine signs and the clock. */
                                        system: {
                                            /**
                                             * Format: date-time
                                             * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                             * @example 2026-02-11T15:25:00.000Z
                                             */
                                            bootedAt: string | null;
                                            /**
                                             * Format: date-time
                                             * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                             * @example 2026-02-11T15:25:00.000Z
                                             */
                                            clientTime: string;
                                            /**
                                             * Format: date-time
                                             * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                             * @example 2026-02-11T15:25:00.000Z
                                             */
                                            logonAt: string | null;
                                            /** @description e.g. `Windows 11 Pro 23H2`, `Linux 6.1.0 (Debian GNU/Linux 12)`. */
                                            os: string | null;
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                            /** @description Signs of a virtual machine; empty when none. */
                                            virtualMachine: string[];
                                        };
                                        /** @description The NTFS change journal of each fixed volume: its age, and recent deletions, renames and time changes of program files. Needs administrator rights. */
                                        usnJournal?: {
                                            /** @description The scanner ran as administrator. */
                                            elevated: boolean | null;
                                            /** @description Oldest first. */
                                            items: {
                                                /**
                                                 * Format: date-time
                                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                at: string | null;
                                                /** @description NTFS file reference, hexadecimal. */
                                                fileReference: string;
                                                /** @description The folder it is in, when that folder still exists; null: folder unknown. */
                                                folder: string | null;
                                                /**
                                                 * @description `basic-info-changed`: its times or attributes were set (what time-stomping leaves).
                                                 * @enum {unknown}
                                                 */
                                                kind: "deleted" | "renamed" | "basic-info-changed";
                                                /** @description The file name (a rename’s new name; null when only the old one was seen). */
                                                name: string | null;
                                                /** @description A rename’s old name. */
                                                oldName: string | null;
                                                /** @description The folder’s file reference, hexadecimal. */
                                                parentReference: string;
                                                /** @description USN_REASON_* names. */
                                                reasons: string[];
                                                volume: string;
                                            }[];
                                            /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                            reason: string | null;
                                            /**
                                             * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                             * @enum {unknown}
                                             */
                                            status: "collected" | "skipped" | "failed";
                                            volumes: {
                                                bytesRead: number;
                                                changesDropped: number;
                                                /** @description The reading reached the journal’s end. */
                                                complete: boolean;
                                                /** @description The first record still in the journal (decimal). */
                                                firstUsn: string | null;
                                                /** @description UsnJournalID, hexadecimal: a journal deleted and created again has a new one. */
                                                journalId: string | null;
                                                /** @description The first record this journal instance wrote (decimal). */
                                                lowestValidUsn: string | null;
                                                /** @description The next record to be written (decimal). */
                                                nextUsn: string | null;
                                                /** @description Why it is inactive or was not read, or which part of it was not read. */
                                                note: string | null;
                                                /**
                                                 * Format: date-time
                                                 * @description The time of the oldest record still in the journal. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                                 * @example 2026-02-11T15:25:00.000Z
                                                 */
                                                oldestRecordAt: string | null;
                                                /**
                                                 * @description `inactive`: the volume has no active journal (deleted and not created again); `not-read`: see `note`.
                                                 * @enum {unknown}
                                                 */
                                                state: "read" | "inactive" | "not-read";
                                                /** @description The volume Windows runs from. */
                                                system: boolean;
                                                /** @description The drive, `C:`. */
                                                volume: string;
                                                /** @description Records of this journal instance were already dropped from its start, so the oldest record is not its creation; null when unknown. */
                                                wrapped: boolean | null;
                                            }[];
                                            windowHours: number;
                                        };
                                    };
                                };
                                /** @description In the order the document lists its evidence: at most 25 per rule and 500 in all. */
                                findings: {
                                    /** @description Where in the document the rule matched. */
                                    evidence: {
                                        /** @description The item of that source’s list. */
                                        index: number;
                                        /** @enum {unknown} */
                                        source: "memory" | "files" | "processes" | "prefetch" | "bam" | "pca" | "recycleBin" | "gameFolders" | "programs" | "eventLogs" | "eventLogFiles" | "modules" | "amcache" | "services" | "shimcache" | "usnJournal" | "usnJournalVolumes" | "macros" | "jvm";
                                        /** @description The value of the item that matched. */
                                        value: string;
                                    };
                                    /** @enum {unknown} */
                                    kind: "memory-string" | "jar-entry" | "file-sha256" | "file-sha1" | "file-name" | "process-name" | "file-path" | "signal";
                                    /**
                                     * @description `possession`: a file on the disk; `execution`: it ran (Prefetch, BAM, PCA); `this-session`: in the running game’s memory or processes.
                                     * @enum {unknown}
                                     */
                                    proves: "possession" | "execution" | "this-session";
                                    /** @description The rule’s name, as it was when the scan was judged. */
                                    rule: string;
                                    /** @description The rule that made it (operator API: /admin/v1/rules). */
                                    ruleId: number;
                                    /**
                                     * @description The result field it filled.
                                     * @enum {unknown}
                                     */
                                    severity: "detection" | "suspicious" | "warning" | "untrusted" | "integrity";
                                    /** @description As the result field shows it, e.g. `Wurst in ~/.minecraft/mods/a.jar`. */
                                    text: string;
                                }[];
                                /** @description Per rule, the places it matched past those bounds. */
                                omitted: {
                                    /** @description Places matched but not listed. */
                                    places: number;
                                    rule: string;
                                    ruleId: number;
                                    /** @enum {unknown} */
                                    severity: "detection" | "suspicious" | "warning" | "untrusted" | "integrity";
                                }[];
                                /** @description The receipt id the scan client printed for the player. */
                                receiptId: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                receivedAt: string;
                            } | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_pin_code. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: pin_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/pins/{pinCode}/evidence/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of one list of a scan’s evidence
         * @description The evidence answer cuts every long list to its first page and names it in `cut`; this reads any such list a page at a time.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query: {
                    limit: number;
                    offset: number;
                    /** @description A list that `cut` names, e.g. `sources.files.items.3.entries`; the game files by default. */
                    path: string;
                };
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "path": "example",
                         *       "total": 1,
                         *       "offset": 1,
                         *       "items": [
                         *         null
                         *       ],
                         *       "cut": {}
                         *     }
                         */
                        "application/json": {
                            /** @description Lists answered only in part, by path (`sources.files.items`, `sources.files.items.3.entries`), with how many items each has in all: read the rest from `/pins/:pinCode/evidence/list`. */
                            cut: {
                                [key: string]: number;
                            };
                            /** @description Items from `offset`, at most `limit` and about 1 MiB of JSON; lists inside them are cut as in the document (see `cut`). */
                            items: unknown[];
                            offset: number;
                            path: string;
                            /** @description Items in the whole list. */
                            total: number;
                        };
                    };
                };
                /** @description Bad Request: invalid_pin_code, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: pin_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/pins/{pinCode}/share-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A PIN's share links
         * @description A PIN's share links
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": 1,
                         *         "createdAt": "2026-02-11T15:25:00.000Z",
                         *         "expiresAt": "2026-02-11T15:25:00.000Z",
                         *         "revoked": false,
                         *         "mayWithdraw": false
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            id: number;
                            /** @description Whether you may withdraw it: you made it, or you own the PIN’s Enterprise. */
                            mayWithdraw: boolean;
                            revoked: boolean;
                        }[];
                    };
                };
                /** @description Bad Request: invalid_pin_code. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: pin_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Share a finished scan
         * @description A public, redacted page; the URL is in this answer only. Expires after 7 days by default, 30 at most.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "expiresInDays": 1
                     *     }
                     */
                    "application/json": {
                        expiresInDays?: number;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "expiresAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            id: number;
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_pin_code. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: pin_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: pin_not_finished. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/pins/{pinCode}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A PIN's timeline
         * @description Oldest first: created, started, each change of the progress message, and how it ended (finished, expired or failed).
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "at": "2026-02-11T15:25:00.000Z",
                         *           "kind": "created",
                         *           "progress": 0,
                         *           "message": "example"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                at: string;
                                /** @enum {unknown} */
                                kind: "created" | "started" | "progress" | "finished" | "expired" | "failed";
                                message: string | null;
                                progress: number;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: invalid_pin_code. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: pin_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/players/{discordId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A player: risk score, lookup and scans
         * @description The /v1 risk-score and lookup bodies, and the newest 50 finished scans whose report named the player. Needs an active licence or Enterprise membership (403 licence_required).
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Discord user ID: 17 to 20 digits. */
                    discordId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "riskScore": {
                         *         "found": true,
                         *         "discordId": "example",
                         *         "riskScore": 0,
                         *         "riskLevel": "clean",
                         *         "linkedProfiles": 1,
                         *         "stats": {
                         *           "totalScans": 1,
                         *           "cheatingScans": 1,
                         *           "suspiciousScans": 1,
                         *           "cleanScans": 1,
                         *           "totalDetections": 1
                         *         },
                         *         "uniqueCheatsDetected": [
                         *           "example"
                         *         ],
                         *         "totalUniqueCheatsDetected": 1,
                         *         "isBanned": false,
                         *         "firstScanDate": "2026-02-11T15:25:00.000Z",
                         *         "lastScanDate": "2026-02-11T15:25:00.000Z",
                         *         "lastCheatingDate": "2026-02-11T15:25:00.000Z",
                         *         "scansByReach": {
                         *           "shared": 1,
                         *           "enterpriseOnly": 1
                         *         }
                         *       },
                         *       "lookup": {
                         *         "found": true,
                         *         "discordId": "example",
                         *         "username": "example",
                         *         "totalScans": 1,
                         *         "totalDetections": 1,
                         *         "overallStatus": "clean",
                         *         "isBanned": false,
                         *         "isWarned": false,
                         *         "bans": [
                         *           {
                         *             "status": "banned",
                         *             "reason": "example",
                         *             "isExpired": false,
                         *             "createdAt": "2026-02-11T15:25:00.000Z"
                         *           }
                         *         ],
                         *         "totalBans": 1,
                         *         "detections": [
                         *           "example"
                         *         ],
                         *         "totalUniqueDetections": 1,
                         *         "reasons": [
                         *           {
                         *             "reason": "example",
                         *             "category": "example",
                         *             "addedAt": "2026-02-11T15:25:00.000Z",
                         *             "evidence": null
                         *           }
                         *         ],
                         *         "totalReasons": 1,
                         *         "firstSeen": "2026-02-11T15:25:00.000Z",
                         *         "lastSeen": "2026-02-11T15:25:00.000Z",
                         *         "gamesScanned": [
                         *           "example"
                         *         ],
                         *         "totalHwids": 1,
                         *         "hasRelatedAccounts": false,
                         *         "totalRelatedAccounts": 1,
                         *         "relatedAccounts": [
                         *           {
                         *             "discordId": "example",
                         *             "username": "example",
                         *             "sharedHwidIds": [
                         *               1
                         *             ],
                         *             "totalDetections": 1,
                         *             "overallStatus": "clean",
                         *             "lastSeenAt": "2026-02-11T15:25:00.000Z",
                         *             "detections": [
                         *               "example"
                         *             ],
                         *             "totalUniqueDetections": 1,
                         *             "totalSharedHwids": 1
                         *           }
                         *         ],
                         *         "scansByReach": {
                         *           "shared": 1,
                         *           "enterpriseOnly": 1
                         *         }
                         *       },
                         *       "scans": [
                         *         {
                         *           "pin": "example",
                         *           "type": "Java",
                         *           "result": "legit",
                         *           "finishedAt": "2026-02-11T15:25:00.000Z",
                         *           "detectionsCount": 1
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            lookup: {
                                /** @description The 50 most recent, oldest first; `totalBans` counts them all. Every one counts for `isBanned` and `isWarned`. */
                                bans: {
                                    /**
                                     * Format: date-time
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    createdAt: string;
                                    isExpired: boolean;
                                    reason: string;
                                    /** @enum {unknown} */
                                    status: "banned" | "warned" | "expired";
                                }[];
                                /** @description The first 100 distinct detections by name; `totalUniqueDetections` counts them all. */
                                detections: string[];
                                discordId: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                firstSeen: string;
                                /** @enum {boolean} */
                                found: true;
                                gamesScanned: string[];
                                hasRelatedAccounts: boolean;
                                isBanned: boolean;
                                isWarned: boolean;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastSeen: string;
                                /** @enum {unknown} */
                                overallStatus: "clean" | "suspicious" | "cheating" | "banned";
                                /** @description The 100 most recent notes, oldest first; `totalReasons` counts them all. */
                                reasons: {
                                    /**
                                     * Format: date-time
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    addedAt: string;
                                    category: string;
                                    /** @description Staff-supplied JSON, or null. */
                                    evidence: unknown;
                                    reason: string;
                                }[];
                                /** @description The 50 most recently seen; `totalRelatedAccounts` counts them all. */
                                relatedAccounts: {
                                    /** @description The first 25 distinct detections by name; `totalUniqueDetections` counts them all. */
                                    detections: string[];
                                    discordId: string;
                                    /**
                                     * Format: date-time
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    lastSeenAt: string;
                                    /** @enum {unknown} */
                                    overallStatus: "clean" | "suspicious" | "cheating" | "banned";
                                    sharedHwidIds: number[];
                                    totalDetections: number;
                                    /** @description Shared hardware IDs in all; `sharedHwidIds` lists up to 16. */
                                    totalSharedHwids: number;
                                    totalUniqueDetections: number;
                                    username: string;
                                }[];
                                /** @description Which of the scans counted here every community sees, and which only your Enterprise does (docs/risk-score.md, "Whose scan it is"). */
                                scansByReach: {
                                    /** @description Scans counted only for your Enterprise: it ran them, and they could not be tied to the person. */
                                    enterpriseOnly: number;
                                    /** @description Scans counted for everyone: the player proved the account, or the staff named it and the scan found it on the player's machine. */
                                    shared: number;
                                };
                                totalBans: number;
                                totalDetections: number;
                                totalHwids: number;
                                totalReasons: number;
                                totalRelatedAccounts: number;
                                totalScans: number;
                                totalUniqueDetections: number;
                                username: string;
                            } | {
                                discordId: string;
                                /** @enum {boolean} */
                                found: false;
                                message: string;
                                relatedAccounts: {
                                    /** @description The first 25 distinct detections by name; `totalUniqueDetections` counts them all. */
                                    detections: string[];
                                    discordId: string;
                                    /**
                                     * Format: date-time
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    lastSeenAt: string;
                                    /** @enum {unknown} */
                                    overallStatus: "clean" | "suspicious" | "cheating" | "banned";
                                    sharedHwidIds: number[];
                                    totalDetections: number;
                                    /** @description Shared hardware IDs in all; `sharedHwidIds` lists up to 16. */
                                    totalSharedHwids: number;
                                    totalUniqueDetections: number;
                                    username: string;
                                }[];
                            };
                            riskScore: {
                                discordId: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                firstScanDate: string;
                                /** @enum {boolean} */
                                found: true;
                                isBanned: boolean;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastCheatingDate: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastScanDate: string;
                                linkedProfiles: number;
                                /** @enum {unknown} */
                                riskLevel: "clean" | "low" | "medium" | "high" | "critical";
                                riskScore: number;
                                /** @description Which of the scans counted here every community sees, and which only your Enterprise does (docs/risk-score.md, "Whose scan it is"). */
                                scansByReach: {
                                    /** @description Scans counted only for your Enterprise: it ran them, and they could not be tied to the person. */
                                    enterpriseOnly: number;
                                    /** @description Scans counted for everyone: the player proved the account, or the staff named it and the scan found it on the player's machine. */
                                    shared: number;
                                };
                                stats: {
                                    cheatingScans: number;
                                    cleanScans: number;
                                    suspiciousScans: number;
                                    totalDetections: number;
                                    totalScans: number;
                                };
                                totalUniqueCheatsDetected: number;
                                /** @description The first 100 distinct detections by name; `totalUniqueCheatsDetected` counts them all. */
                                uniqueCheatsDetected: string[];
                            } | {
                                discordId: string;
                                /** @enum {boolean} */
                                found: false;
                                message: string;
                            };
                            scans: {
                                detectionsCount: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                finishedAt: string;
                                /** @description The PIN code, only if you may see that PIN. */
                                pin: string | null;
                                result: ("legit" | "cheating" | "suspicious") | null;
                                /** @enum {unknown} */
                                type: "Java" | "Bedrock" | "FiveM" | "RedM" | "RageMP" | "AltV" | "Roblox" | "SanAndreas" | "Cod" | "Rust";
                            }[];
                        };
                    };
                };
                /** @description Bad Request: invalid_discord_id. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, licence_required. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: scanned_user_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The person's live sessions
         * @description The person's live sessions
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example [
                         *       {
                         *         "id": 1,
                         *         "current": false,
                         *         "createdAt": "2026-02-11T15:25:00.000Z",
                         *         "lastSeenAt": "2026-02-11T15:25:00.000Z",
                         *         "expiresAt": "2026-02-11T15:25:00.000Z",
                         *         "userAgent": "example"
                         *       }
                         *     ]
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            current: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastSeenAt: string;
                            userAgent: string | null;
                        }[];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of your sessions
         * @description End one of your sessions
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: session_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/share-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraw a share link
         * @description Whoever made the link, or the owner of the PIN’s Enterprise (403 share_link_forbidden for another member who may see the PIN).
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request, share_link_forbidden. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: share_link_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with the token of a sign-in link
         * @description Sets the session cookie. The link is spent whether or not the cookie is kept.
         *
         *     **Access:** no credentials.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "token": "kq3V9x_T2mW8bR4nY7pLs1"
                     *     }
                     */
                    "application/json": {
                        /** @description The token from the sign-in link. */
                        token: string;
                    };
                };
            };
            responses: {
                /** @description No Content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_sign_in_link. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: account_banned, cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out here
         * @description Sign out here
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out on every device
         * @description Sign out on every device
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your webhook endpoints
         * @description Your webhook endpoints
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "url": "example",
                         *           "events": [
                         *             "pin.created"
                         *           ],
                         *           "format": "standard",
                         *           "description": "example",
                         *           "enabled": false,
                         *           "disabledReason": "example",
                         *           "createdAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                description: string | null;
                                /** @description Why the service disabled it, if it did. */
                                disabledReason: string | null;
                                enabled: boolean;
                                events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                                /**
                                 * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                                 * @enum {unknown}
                                 */
                                format: "standard" | "discord";
                                id: number;
                                /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                                url: string;
                            }[];
                        };
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Register a webhook endpoint
         * @description At most 10 per account. The signing secret is in this answer only.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "url": "https://bot.example.com/scanpin",
                     *       "events": [
                     *         "pin.created"
                     *       ],
                     *       "description": "example",
                     *       "format": "standard"
                     *     }
                     */
                    "application/json": {
                        description?: string | null;
                        /** @description Event types to receive; empty (the default) means every event. */
                        events?: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                        /**
                         * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                         * @enum {unknown}
                         */
                        format?: "standard" | "discord";
                        /**
                         * @description https:// URL that receives the events.
                         * @example https://bot.example.com/scanpin
                         */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "events": [
                         *         "pin.created"
                         *       ],
                         *       "format": "standard",
                         *       "description": "example",
                         *       "enabled": false,
                         *       "disabledReason": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            description: string | null;
                            /** @description Why the service disabled it, if it did. */
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                            /**
                             * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                             * @enum {unknown}
                             */
                            format: "standard" | "discord";
                            id: number;
                            /**
                             * @description The signing secret (whsec_…). Shown only in this answer: store it now.
                             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                             */
                            secret: string;
                            /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_webhook_url. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: webhook_limit. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook endpoint
         * @description Read a webhook endpoint
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "events": [
                         *         "pin.created"
                         *       ],
                         *       "format": "standard",
                         *       "description": "example",
                         *       "enabled": false,
                         *       "disabledReason": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            description: string | null;
                            /** @description Why the service disabled it, if it did. */
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                            /**
                             * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                             * @enum {unknown}
                             */
                            format: "standard" | "discord";
                            id: number;
                            /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: webhook_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Delete a webhook endpoint
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: webhook_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Re-enabling an endpoint the service disabled starts it afresh.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "url": "https://bot.example.com/scanpin",
                     *       "events": [
                     *         "pin.created"
                     *       ],
                     *       "description": "example",
                     *       "enabled": false
                     *     }
                     */
                    "application/json": {
                        description?: string | null;
                        enabled?: boolean;
                        /** @description Event types to receive; empty (the default) means every event. */
                        events?: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                        /**
                         * @description https:// URL that receives the events.
                         * @example https://bot.example.com/scanpin
                         */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "events": [
                         *         "pin.created"
                         *       ],
                         *       "format": "standard",
                         *       "description": "example",
                         *       "enabled": false,
                         *       "disabledReason": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            description: string | null;
                            /** @description Why the service disabled it, if it did. */
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                            /**
                             * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                             * @enum {unknown}
                             */
                            format: "standard" | "discord";
                            id: number;
                            /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter, invalid_webhook_url. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: webhook_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/app/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log, newest first
         * @description The delivery log, newest first
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description A cursor from a previous page.
                     * @example 1024
                     */
                    before?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "eventId": 1,
                         *           "event": "pin.created",
                         *           "state": "pending",
                         *           "delivered": false,
                         *           "attempts": 1,
                         *           "lastStatusCode": 1,
                         *           "lastError": "example",
                         *           "lastResponse": "example",
                         *           "lastAttemptAt": "2026-02-11T15:25:00.000Z",
                         *           "nextAttemptAt": "2026-02-11T15:25:00.000Z",
                         *           "deliveredAt": "2026-02-11T15:25:00.000Z",
                         *           "createdAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ],
                         *       "nextCursor": "example"
                         *     }
                         */
                        "application/json": {
                            data: {
                                attempts: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                delivered: boolean;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                deliveredAt: string | null;
                                /** @enum {unknown} */
                                event: "pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed" | "ping";
                                eventId: number;
                                id: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastAttemptAt: string | null;
                                lastError: string | null;
                                /** @description The first 1 KiB of the receiver’s last answer. */
                                lastResponse: string | null;
                                lastStatusCode: number | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                nextAttemptAt: string | null;
                                /** @enum {unknown} */
                                state: "pending" | "delivered" | "failed" | "cancelled";
                            }[];
                            /** @description Pass as `before` for the next (older) page; null at the end. */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: webhook_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a past event again
         * @description A new delivery of the same event (same webhook-id), with the full retry schedule.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deliveryId: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "eventId": 1,
                         *       "event": "pin.created",
                         *       "state": "pending",
                         *       "delivered": false,
                         *       "attempts": 1,
                         *       "lastStatusCode": 1,
                         *       "lastError": "example",
                         *       "lastResponse": "example",
                         *       "lastAttemptAt": "2026-02-11T15:25:00.000Z",
                         *       "nextAttemptAt": "2026-02-11T15:25:00.000Z",
                         *       "deliveredAt": "2026-02-11T15:25:00.000Z",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            attempts: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            delivered: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            deliveredAt: string | null;
                            /** @enum {unknown} */
                            event: "pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed" | "ping";
                            eventId: number;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastAttemptAt: string | null;
                            lastError: string | null;
                            /** @description The first 1 KiB of the receiver’s last answer. */
                            lastResponse: string | null;
                            lastStatusCode: number | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            nextAttemptAt: string | null;
                            /** @enum {unknown} */
                            state: "pending" | "delivered" | "failed" | "cancelled";
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: webhook_not_found, delivery_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Deliveries are signed with both the old and the new secret for 24 hours.
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "events": [
                         *         "pin.created"
                         *       ],
                         *       "format": "standard",
                         *       "description": "example",
                         *       "enabled": false,
                         *       "disabledReason": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            description: string | null;
                            /** @description Why the service disabled it, if it did. */
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                            /**
                             * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                             * @enum {unknown}
                             */
                            format: "standard" | "discord";
                            id: number;
                            /**
                             * @description The signing secret (whsec_…). Shown only in this answer: store it now.
                             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                             */
                            secret: string;
                            /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: webhook_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a ping event
         * @description Send a ping event
         *
         *     **Access:** a dashboard session (the `scanpin_session` cookie set by signing in), from the dashboard’s own origin.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "eventId": 1,
                         *       "event": "pin.created",
                         *       "state": "pending",
                         *       "delivered": false,
                         *       "attempts": 1,
                         *       "lastStatusCode": 1,
                         *       "lastError": "example",
                         *       "lastResponse": "example",
                         *       "lastAttemptAt": "2026-02-11T15:25:00.000Z",
                         *       "nextAttemptAt": "2026-02-11T15:25:00.000Z",
                         *       "deliveredAt": "2026-02-11T15:25:00.000Z",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            attempts: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            delivered: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            deliveredAt: string | null;
                            /** @enum {unknown} */
                            event: "pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed" | "ping";
                            eventId: number;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastAttemptAt: string | null;
                            lastError: string | null;
                            /** @description The first 1 KiB of the receiver’s last answer. */
                            lastResponse: string | null;
                            lastStatusCode: number | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            nextAttemptAt: string | null;
                            /** @enum {unknown} */
                            state: "pending" | "delivered" | "failed" | "cancelled";
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: not_signed_in. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: cross_site_request. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: webhook_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/discord/interactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Discord interactions (called by Discord, signed)
         * @description Set as the application’s Interactions Endpoint URL in Discord’s developer portal. Every request must carry Discord’s Ed25519 signature (`X-Signature-Ed25519`, `X-Signature-Timestamp`); anything else is `401`. See docs/discord.md.
         *
         *     **Access:** no credentials.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "type": 1
                         *     }
                         */
                        "application/json": {
                            type: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_discord_signature. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: discord_app_disabled. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is up
         * @description The process is up
         *
         *     **Access:** no credentials.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok"
                         *     }
                         */
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database is reachable
         * @description Fails (503) only when the database is unreachable. A Redis outage shows as `degraded`: the instance keeps serving with its own rate-limit counters.
         *
         *     **Access:** no credentials.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "ok",
                         *       "checks": {
                         *         "database": "ok",
                         *         "redis": "ok"
                         *       },
                         *       "networkOrigins": {
                         *         "country": {
                         *           "state": "off",
                         *           "lastChangeRejected": false,
                         *           "databaseType": "example",
                         *           "builtAt": "2026-02-11T15:25:00.000Z",
                         *           "entries": 0
                         *         },
                         *         "asn": {
                         *           "state": "off",
                         *           "lastChangeRejected": false,
                         *           "databaseType": "example",
                         *           "builtAt": "2026-02-11T15:25:00.000Z",
                         *           "entries": 0
                         *         },
                         *         "vpnAsns": {
                         *           "state": "off",
                         *           "lastChangeRejected": false,
                         *           "databaseType": "example",
                         *           "builtAt": "2026-02-11T15:25:00.000Z",
                         *           "entries": 0
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": {
                            checks: {
                                /** @enum {unknown} */
                                database: "ok" | "down";
                                /** @enum {unknown} */
                                redis?: "ok" | "down";
                            };
                            /** @description The country (`GEOIP_COUNTRY_DB`) and ASN (`GEOIP_ASN_DB`) databases and the VPN list (`VPN_ASNS_FILE`): `off` when not configured, `unavailable` when configured but not loadable. They never decide readiness. */
                            networkOrigins?: {
                                asn: {
                                    /** Format: date-time */
                                    builtAt?: string;
                                    databaseType?: string;
                                    entries?: number;
                                    lastChangeRejected: boolean;
                                    /** @enum {unknown} */
                                    state: "off" | "loaded" | "unavailable";
                                };
                                country: {
                                    /** Format: date-time */
                                    builtAt?: string;
                                    databaseType?: string;
                                    entries?: number;
                                    lastChangeRejected: boolean;
                                    /** @enum {unknown} */
                                    state: "off" | "loaded" | "unavailable";
                                };
                                vpnAsns: {
                                    /** Format: date-time */
                                    builtAt?: string;
                                    databaseType?: string;
                                    entries?: number;
                                    lastChangeRejected: boolean;
                                    /** @enum {unknown} */
                                    state: "off" | "loaded" | "unavailable";
                                };
                            };
                            /** @enum {unknown} */
                            status: "ok" | "degraded";
                        };
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow your account's PIN events live (server-sent events)
         * @description text/event-stream: from the moment it opens, one event per change of a PIN your account created, named by its webhook event type (pin.created, pin.started, pin.progress, pin.finished, pin.expired, pin.failed) and whose data is the webhook body `{ type, timestamp, data }` with the PIN's status body as `data` (docs/webhooks.md, "Events"); unlike deliveries, every progress change is sent. A heartbeat comment every 15 s; the stream stays open until you close it. Shares the key's 20 open streams with the per-PIN streams.
         *
         *     **Access:** an API key in the `x-api-key` header with the `pins:status` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A text/event-stream of pin.* events carrying webhook bodies. */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example example */
                        "text/event-stream": string;
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited, too_many_streams. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pins/{pinCode}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a PIN live (server-sent events)
         * @description text/event-stream: the current status first, then one `status` event per change (the same body as the status endpoint), a heartbeat comment every 15 s, and the stream ends after the final state. Send `Last-Event-ID` to skip a state you already have. At most 20 open streams per key.
         *
         *     **Access:** an API key in the `x-api-key` header with the `pins:status` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "last-event-id"?: string;
                };
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A text/event-stream of `status` events. */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example example */
                        "text/event-stream": string;
                    };
                };
                /** @description Bad Request: invalid_pin_code. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission, pin_forbidden. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, pin_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited, too_many_streams. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pins/{pinCode}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read PIN results
         * @description Full detail of a finished scan. Before that, `result` is `none` with a `message`. Only the creating account can read it.
         *
         *     **Access:** an API key in the `x-api-key` header with the `pins:results` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "pin": "A7K3M2P9",
                         *       "type": "FiveM",
                         *       "status": "finished",
                         *       "result": "cheating",
                         *       "pinName": "Tryout: Alex",
                         *       "data": {
                         *         "cheating": "cheating",
                         *         "detections": [
                         *           "Eulen"
                         *         ],
                         *         "suspicious": [],
                         *         "warnings": [
                         *           "The recycle bin was emptied shortly before the scan"
                         *         ],
                         *         "untrusted": [],
                         *         "integrity": [],
                         *         "customSuspicious": [],
                         *         "vpn": "No VPN detected",
                         *         "country": "NL",
                         *         "logon": "2 hours",
                         *         "scantime": "40 seconds",
                         *         "windows": "Windows 11 Pro 23H2",
                         *         "discord": [
                         *           {
                         *             "id": "123456789012345678",
                         *             "username": "alex",
                         *             "provenance": "proven",
                         *             "reach": "shared"
                         *           }
                         *         ],
                         *         "assurance": {
                         *           "client": {
                         *             "kind": "official",
                         *             "name": "scanpin-scan 0.1.0 win-x64",
                         *             "version": "0.1.0"
                         *           },
                         *           "level": "high",
                         *           "reasons": []
                         *         }
                         *       },
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            data: {
                                assurance: {
                                    client: {
                                        /**
                                         * @description `official`: a scanner build this server registered, every call signed; `third-party`: an integration the operator registered, signed; `development`: the scanner run from source; `unverified`: any other client.
                                         * @enum {unknown}
                                         */
                                        kind: "official" | "third-party" | "development" | "unverified";
                                        /** @description The registered client’s name; null for unregistered ones. */
                                        name: string | null;
                                        /** @description The version the client gave at the start. */
                                        version: string | null;
                                    };
                                    /**
                                     * @description `high`: a registered client with nothing that lowers trust; `medium` or `low`: see `reasons`. A scan that is not `high` is never `legit`.
                                     * @enum {unknown}
                                     */
                                    level: "high" | "medium" | "low";
                                    /** @description Why the level is lower than `high`, lowest first; each is also an entry of `integrity`. */
                                    reasons: string[];
                                } | null;
                                cheating: string | null;
                                country: string | null;
                                customSuspicious: string[];
                                detections: string[];
                                discord: {
                                    id: string;
                                    /**
                                     * @description How the scan knows the account: `proven` (the player signed in with Discord for the PIN), `named` (you named the player when creating the PIN), `seen` (found in a Discord store on the machine), `claimed` (only reported). Absent for scans finished before it was recorded. See docs/risk-score.md, "Whose scan it is".
                                     * @enum {unknown}
                                     */
                                    provenance?: "proven" | "named" | "seen" | "claimed";
                                    /**
                                     * @description `shared`: this scan counts in the account's risk score for every community; `enterprise`: only for yours.
                                     * @enum {unknown}
                                     */
                                    reach?: "shared" | "enterprise";
                                    username: string;
                                }[];
                                integrity: string[];
                                logon: string | null;
                                scantime: string | null;
                                suspicious: string[];
                                untrusted: string[];
                                vpn: string | null;
                                warnings: string[];
                                windows: string | null;
                            };
                            /** @example A7K3M2P9 */
                            pin: string;
                            pinName: string | null;
                            /** @enum {unknown} */
                            result: "legit" | "cheating" | "suspicious";
                            /** @enum {string} */
                            status: "finished";
                            type: string;
                        } | {
                            message: string;
                            /** @example A7K3M2P9 */
                            pin: string;
                            pinName: string | null;
                            /** @enum {string} */
                            result: "none";
                            /** @enum {unknown} */
                            status: "pending" | "scanning" | "expired" | "error";
                            type: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_pin_code. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission, pin_forbidden. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, pin_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pins/{pinCode}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read PIN status
         * @description Light summary for polling (every 3–5 s for a progress bar). Only the creating account can read it.
         *
         *     **Access:** an API key in the `x-api-key` header with the `pins:status` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description 8-character PIN code, any case. */
                    pinCode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "pin": "A7K3M2P9",
                         *       "pinName": "Tryout: Alex",
                         *       "type": "FiveM",
                         *       "status": "scanning",
                         *       "progress": 40,
                         *       "statusMessage": "Scanning running processes",
                         *       "result": null,
                         *       "used": true,
                         *       "lastStatusUpdate": "2026-02-11T15:27:12.000Z",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "isFinished": false,
                         *       "isScanning": true,
                         *       "isPending": false
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            data?: {
                                assurance: {
                                    client: {
                                        /**
                                         * @description `official`: a scanner build this server registered, every call signed; `third-party`: an integration the operator registered, signed; `development`: the scanner run from source; `unverified`: any other client.
                                         * @enum {unknown}
                                         */
                                        kind: "official" | "third-party" | "development" | "unverified";
                                        /** @description The registered client’s name; null for unregistered ones. */
                                        name: string | null;
                                        /** @description The version the client gave at the start. */
                                        version: string | null;
                                    };
                                    /**
                                     * @description `high`: a registered client with nothing that lowers trust; `medium` or `low`: see `reasons`. A scan that is not `high` is never `legit`.
                                     * @enum {unknown}
                                     */
                                    level: "high" | "medium" | "low";
                                    /** @description Why the level is lower than `high`, lowest first; each is also an entry of `integrity`. */
                                    reasons: string[];
                                } | null;
                                cheating: string | null;
                                country: string | null;
                                detectionsCount: number;
                                discord: {
                                    id: string;
                                    /**
                                     * @description How the scan knows the account: `proven` (the player signed in with Discord for the PIN), `named` (you named the player when creating the PIN), `seen` (found in a Discord store on the machine), `claimed` (only reported). Absent for scans finished before it was recorded. See docs/risk-score.md, "Whose scan it is".
                                     * @enum {unknown}
                                     */
                                    provenance?: "proven" | "named" | "seen" | "claimed";
                                    /**
                                     * @description `shared`: this scan counts in the account's risk score for every community; `enterprise`: only for yours.
                                     * @enum {unknown}
                                     */
                                    reach?: "shared" | "enterprise";
                                    username: string;
                                }[];
                                scantime: string | null;
                                suspiciousCount: number;
                                vpn: string | null;
                                warningsCount: number;
                                windows: string | null;
                            };
                            isFinished: boolean;
                            isPending: boolean;
                            isScanning: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastStatusUpdate: string | null;
                            /** @example A7K3M2P9 */
                            pin: string;
                            pinName: string | null;
                            progress: number;
                            result: ("legit" | "cheating" | "suspicious") | null;
                            /** @enum {unknown} */
                            status: "pending" | "scanning" | "finished" | "expired" | "error";
                            statusMessage: string | null;
                            type: string;
                            used: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_pin_code. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission, pin_forbidden. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, pin_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pins/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a scan PIN
         * @description Enterprise owners only. An account may hold a limited number of active (pending + scanning) PINs: configurable (MAX_ACTIVE_PINS), 3 by default.
         *
         *     **Access:** an API key in the `x-api-key` header with the `pins:create` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "type": "Java",
                     *       "pinName": "example",
                     *       "ramDump": false,
                     *       "private": false,
                     *       "playerDiscordId": "123456789012345678",
                     *       "playerAddress": "203.0.113.7"
                     *     }
                     */
                    "application/json": {
                        /** @description Custom name, max 50 characters. */
                        pinName?: string | null;
                        playerAddress?: (string) | null;
                        /** @description The player's Discord user ID (17 to 20 digits), when you know who is being scanned. Only this account may then prove the scan, through the one-time link the scanner shows; a report about it counts for every community only once the player proved it that way (finding the account on the machine is not enough); see docs/risk-score.md, "Whose scan it is". */
                        playerDiscordId?: string | null;
                        /** @default false */
                        private?: boolean;
                        /** @default false */
                        ramDump?: boolean;
                        /**
                         * @description Game type: Java, Bedrock, FiveM, RedM, RageMP, AltV, Roblox, SanAndreas, Cod or Rust.
                         * @enum {string}
                         */
                        type: "Java" | "Bedrock" | "FiveM" | "RedM" | "RageMP" | "AltV" | "Roblox" | "SanAndreas" | "Cod" | "Rust";
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "pin": "A7K3M2P9",
                         *       "type": "FiveM",
                         *       "status": "pending",
                         *       "pinName": "Tryout: Alex",
                         *       "ramDump": false,
                         *       "private": false,
                         *       "expiresAt": "2026-02-11T15:40:00.000Z",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "enterprise": "Northside RP",
                         *       "playerDiscordId": "123456789012345678"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            /** @description Name of the owning Enterprise. */
                            enterprise: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            /** @example A7K3M2P9 */
                            pin: string;
                            pinName: string | null;
                            /** @description The player named on creation, or null. */
                            playerDiscordId: string | null;
                            private: boolean;
                            ramDump: boolean;
                            /** @enum {string} */
                            status: "pending";
                            type: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_game_type, active_pin_limit. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission, account_banned, not_enterprise_owner. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scanned-users/lookup/{discordId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look up a scanned user
         * @description The person's own scans, the bans and warnings reaching them, staff notes, and the accounts sharing their hardware. See docs/risk-score.md.
         *
         *     **Access:** an API key in the `x-api-key` header with the `scanned-users:lookup` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Discord user ID: 17 to 20 digits. */
                    discordId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "found": true,
                         *       "discordId": "123456789012345678",
                         *       "username": "alex",
                         *       "totalScans": 5,
                         *       "totalDetections": 2,
                         *       "overallStatus": "cheating",
                         *       "isBanned": false,
                         *       "isWarned": false,
                         *       "bans": [],
                         *       "totalBans": 0,
                         *       "detections": [
                         *         "Eulen"
                         *       ],
                         *       "totalUniqueDetections": 1,
                         *       "reasons": [
                         *         {
                         *           "reason": "Admitted to using a mod menu in a ticket",
                         *           "category": "cheating",
                         *           "addedAt": "2026-02-11T16:00:00.000Z",
                         *           "evidence": null
                         *         }
                         *       ],
                         *       "totalReasons": 1,
                         *       "firstSeen": "2026-01-03T18:00:00.000Z",
                         *       "lastSeen": "2026-02-11T15:28:00.000Z",
                         *       "gamesScanned": [
                         *         "FiveM"
                         *       ],
                         *       "totalHwids": 2,
                         *       "hasRelatedAccounts": true,
                         *       "totalRelatedAccounts": 1,
                         *       "relatedAccounts": [
                         *         {
                         *           "discordId": "223456789012345678",
                         *           "username": "alex_alt",
                         *           "sharedHwidIds": [
                         *             1
                         *           ],
                         *           "totalDetections": 0,
                         *           "overallStatus": "clean",
                         *           "lastSeenAt": "2026-02-02T20:10:00.000Z",
                         *           "detections": [],
                         *           "totalUniqueDetections": 0,
                         *           "totalSharedHwids": 1
                         *         }
                         *       ],
                         *       "scansByReach": {
                         *         "shared": 4,
                         *         "enterpriseOnly": 1
                         *       }
                         *     }
                         */
                        "application/json": {
                            /** @description The 50 most recent, oldest first; `totalBans` counts them all. Every one counts for `isBanned` and `isWarned`. */
                            bans: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                isExpired: boolean;
                                reason: string;
                                /** @enum {unknown} */
                                status: "banned" | "warned" | "expired";
                            }[];
                            /** @description The first 100 distinct detections by name; `totalUniqueDetections` counts them all. */
                            detections: string[];
                            discordId: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            firstSeen: string;
                            /** @enum {boolean} */
                            found: true;
                            gamesScanned: string[];
                            hasRelatedAccounts: boolean;
                            isBanned: boolean;
                            isWarned: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastSeen: string;
                            /** @enum {unknown} */
                            overallStatus: "clean" | "suspicious" | "cheating" | "banned";
                            /** @description The 100 most recent notes, oldest first; `totalReasons` counts them all. */
                            reasons: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                addedAt: string;
                                category: string;
                                /** @description Staff-supplied JSON, or null. */
                                evidence: unknown;
                                reason: string;
                            }[];
                            /** @description The 50 most recently seen; `totalRelatedAccounts` counts them all. */
                            relatedAccounts: {
                                /** @description The first 25 distinct detections by name; `totalUniqueDetections` counts them all. */
                                detections: string[];
                                discordId: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastSeenAt: string;
                                /** @enum {unknown} */
                                overallStatus: "clean" | "suspicious" | "cheating" | "banned";
                                sharedHwidIds: number[];
                                totalDetections: number;
                                /** @description Shared hardware IDs in all; `sharedHwidIds` lists up to 16. */
                                totalSharedHwids: number;
                                totalUniqueDetections: number;
                                username: string;
                            }[];
                            /** @description Which of the scans counted here every community sees, and which only your Enterprise does (docs/risk-score.md, "Whose scan it is"). */
                            scansByReach: {
                                /** @description Scans counted only for your Enterprise: it ran them, and they could not be tied to the person. */
                                enterpriseOnly: number;
                                /** @description Scans counted for everyone: the player proved the account, or the staff named it and the scan found it on the player's machine. */
                                shared: number;
                            };
                            totalBans: number;
                            totalDetections: number;
                            totalHwids: number;
                            totalReasons: number;
                            totalRelatedAccounts: number;
                            totalScans: number;
                            totalUniqueDetections: number;
                            username: string;
                        } | {
                            discordId: string;
                            /** @enum {boolean} */
                            found: false;
                            message: string;
                            relatedAccounts: {
                                /** @description The first 25 distinct detections by name; `totalUniqueDetections` counts them all. */
                                detections: string[];
                                discordId: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastSeenAt: string;
                                /** @enum {unknown} */
                                overallStatus: "clean" | "suspicious" | "cheating" | "banned";
                                sharedHwidIds: number[];
                                totalDetections: number;
                                /** @description Shared hardware IDs in all; `sharedHwidIds` lists up to 16. */
                                totalSharedHwids: number;
                                totalUniqueDetections: number;
                                username: string;
                            }[];
                        };
                    };
                };
                /** @description Bad Request: invalid_discord_id. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission, licence_required. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, scanned_user_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scanner/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the scan evidence
         * @description The evidence document the scan client collected (JSON, `Content-Encoding: gzip` accepted, at most 16 MiB once inflated), carrying the start answer’s `nonce`; send the nonce in the `Scanpin-Nonce` header too, so a wrong one is refused before the body is read. The server judges it with its rules, fills the report, finishes the scan as `/finish` does and answers with the verdict and a receipt. Text may hold any character, U+0000 included: control characters are stored escaped as `\uXXXX` (docs/scan-client.md, "Control characters"). A wrong nonce is `409 nonce_mismatch` and an invalid document `400 invalid_body`; the scan stays open after both. A closed scan is refused before the body is read; a session may upload a few times an hour and an address a few times a minute (`429`); `503` with `Retry-After` when the server is busy judging other uploads.
         *
         *     **Access:** the scanner session token from POST /v1/scanner/start, as `Authorization: Bearer <token>`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "schema": 1,
                     *       "nonce": "examplexxxxxxxxx",
                     *       "client": {
                     *         "version": "example",
                     *         "platform": "example",
                     *         "arch": "example"
                     *       },
                     *       "sources": {
                     *         "processes": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "items": [
                     *             {
                     *               "pid": 0,
                     *               "name": "example",
                     *               "path": "example",
                     *               "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                     *               "startedAt": "2026-02-11T15:25:00.000Z",
                     *               "commandLine": "example",
                     *               "injections": [
                     *                 "example"
                     *               ]
                     *             }
                     *           ],
                     *           "game": {
                     *             "expected": [
                     *               "example"
                     *             ],
                     *             "running": false,
                     *             "waitedSeconds": 0
                     *           }
                     *         },
                     *         "memory": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "items": [
                     *             {
                     *               "pid": 0,
                     *               "process": "example",
                     *               "readable": false,
                     *               "reason": "example",
                     *               "bytesScanned": 0,
                     *               "regions": 0,
                     *               "classNames": [
                     *                 "example"
                     *               ],
                     *               "strings": [
                     *                 "example"
                     *               ],
                     *               "truncated": false,
                     *               "classNamesTotal": 0
                     *             }
                     *           ]
                     *         },
                     *         "files": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "installations": [
                     *             "example"
                     *           ],
                     *           "items": [
                     *             {
                     *               "path": "example",
                     *               "linkTarget": "example",
                     *               "kind": "jar",
                     *               "size": 0,
                     *               "modifiedAt": "2026-02-11T15:25:00.000Z",
                     *               "createdAt": "2026-02-11T15:25:00.000Z",
                     *               "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                     *               "entries": [
                     *                 "example"
                     *               ],
                     *               "entriesTotal": 0
                     *             }
                     *           ],
                     *           "itemsTotal": 0
                     *         },
                     *         "logs": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "items": [
                     *             {
                     *               "path": "example",
                     *               "lines": [
                     *                 "example"
                     *               ]
                     *             }
                     *           ]
                     *         },
                     *         "discord": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "accounts": [
                     *             {
                     *               "id": "123456789012345678",
                     *               "username": "example",
                     *               "client": "example"
                     *             }
                     *           ]
                     *         },
                     *         "network": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "adapters": [
                     *             {
                     *               "name": "example",
                     *               "kind": "vpn",
                     *               "up": false,
                     *               "hasAddress": false,
                     *               "description": "example"
                     *             }
                     *           ]
                     *         },
                     *         "system": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "os": "example",
                     *           "bootedAt": "2026-02-11T15:25:00.000Z",
                     *           "logonAt": "2026-02-11T15:25:00.000Z",
                     *           "virtualMachine": [
                     *             "example"
                     *           ],
                     *           "clientTime": "2026-02-11T15:25:00.000Z"
                     *         },
                     *         "prefetch": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "enabled": false,
                     *           "folder": "example",
                     *           "folderModifiedAt": "2026-02-11T15:25:00.000Z",
                     *           "filesTotal": 0,
                     *           "unreadable": 0,
                     *           "items": [
                     *             {
                     *               "path": "example",
                     *               "version": 0,
                     *               "executable": "example",
                     *               "hash": "example",
                     *               "runCount": 0,
                     *               "lastRuns": [
                     *                 "2026-02-11T15:25:00.000Z"
                     *               ],
                     *               "executablePath": "example",
                     *               "modifiedAt": "2026-02-11T15:25:00.000Z",
                     *               "createdAt": "2026-02-11T15:25:00.000Z"
                     *             }
                     *           ]
                     *         },
                     *         "bam": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "from": "hive-file",
                     *           "controlSet": "example",
                     *           "items": [
                     *             {
                     *               "service": "bam",
                     *               "sid": "example",
                     *               "program": "example",
                     *               "lastRun": "2026-02-11T15:25:00.000Z"
                     *             }
                     *           ]
                     *         },
                     *         "pca": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "skippedLines": 0,
                     *           "items": [
                     *             {
                     *               "file": "PcaAppLaunchDic.txt",
                     *               "path": "example",
                     *               "time": "2026-02-11T15:25:00.000Z",
                     *               "runStatus": "example",
                     *               "exitCode": "example",
                     *               "description": "example",
                     *               "vendor": "example",
                     *               "version": "example",
                     *               "programId": "example"
                     *             }
                     *           ]
                     *         },
                     *         "recycleBin": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "drives": [
                     *             "example"
                     *           ],
                     *           "items": [
                     *             {
                     *               "path": "example",
                     *               "version": 0,
                     *               "originalPath": "example",
                     *               "size": 0,
                     *               "deletedAt": "2026-02-11T15:25:00.000Z",
                     *               "dataPresent": false
                     *             }
                     *           ]
                     *         },
                     *         "gameFolders": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "folders": [
                     *             "example"
                     *           ],
                     *           "items": [
                     *             {
                     *               "path": "example",
                     *               "folder": "example",
                     *               "kind": "file",
                     *               "size": 0,
                     *               "modifiedAt": "2026-02-11T15:25:00.000Z",
                     *               "createdAt": "2026-02-11T15:25:00.000Z",
                     *               "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
                     *             }
                     *           ]
                     *         },
                     *         "programs": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "items": [
                     *             {
                     *               "path": "example",
                     *               "name": "example",
                     *               "exists": false,
                     *               "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                     *               "modifiedAt": "2026-02-11T15:25:00.000Z",
                     *               "createdAt": "2026-02-11T15:25:00.000Z",
                     *               "signature": {
                     *                 "status": "unsigned",
                     *                 "signer": "example",
                     *                 "issuer": "example",
                     *                 "selfSigned": false,
                     *                 "reason": "example",
                     *                 "signedAt": "2026-02-11T15:25:00.000Z"
                     *               },
                     *               "timeline": [
                     *                 {
                     *                   "source": "process",
                     *                   "at": "2026-02-11T15:25:00.000Z"
                     *                 }
                     *               ]
                     *             }
                     *           ]
                     *         },
                     *         "eventLogs": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "logs": [
                     *             {
                     *               "name": "System",
                     *               "path": "example",
                     *               "status": "read",
                     *               "reason": "example",
                     *               "how": "file",
                     *               "records": 0,
                     *               "oldestAt": "2026-02-11T15:25:00.000Z",
                     *               "newestAt": "2026-02-11T15:25:00.000Z",
                     *               "dirty": false,
                     *               "full": false,
                     *               "problems": [
                     *                 "example"
                     *               ]
                     *             }
                     *           ],
                     *           "items": [
                     *             {
                     *               "log": "System",
                     *               "kind": "log-cleared",
                     *               "eventId": 0,
                     *               "provider": "example",
                     *               "recordId": 0,
                     *               "at": "2026-02-11T15:25:00.000Z",
                     *               "service": "example",
                     *               "program": "example",
                     *               "from": "example",
                     *               "to": "example",
                     *               "detail": "example"
                     *             }
                     *           ]
                     *         },
                     *         "macros": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "programs": [
                     *             {
                     *               "program": "Razer Synapse",
                     *               "folder": "example",
                     *               "macrosRead": false,
                     *               "filesRead": 0,
                     *               "filesUnreadable": 0,
                     *               "macrosWithoutClicks": 0,
                     *               "reason": "example"
                     *             }
                     *           ],
                     *           "items": [
                     *             {
                     *               "program": "Razer Synapse",
                     *               "file": "example",
                     *               "profile": "example",
                     *               "name": "example",
                     *               "boundTo": "example",
                     *               "clicks": 0,
                     *               "buttons": [
                     *                 "example"
                     *               ],
                     *               "otherActions": 0,
                     *               "shortestClickIntervalMs": 0,
                     *               "clicksPerSecond": 0,
                     *               "repeat": "once",
                     *               "repeatTimes": 0,
                     *               "fastClicks": false,
                     *               "note": "example"
                     *             }
                     *           ],
                     *           "unreadable": [
                     *             {
                     *               "program": "Razer Synapse",
                     *               "path": "example",
                     *               "reason": "example"
                     *             }
                     *           ]
                     *         },
                     *         "usnJournal": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "elevated": false,
                     *           "windowHours": 0,
                     *           "volumes": [
                     *             {
                     *               "volume": "example",
                     *               "system": false,
                     *               "state": "read",
                     *               "note": "example",
                     *               "journalId": "example",
                     *               "firstUsn": "example",
                     *               "nextUsn": "example",
                     *               "lowestValidUsn": "example",
                     *               "wrapped": false,
                     *               "oldestRecordAt": "2026-02-11T15:25:00.000Z",
                     *               "complete": false,
                     *               "bytesRead": 0,
                     *               "changesDropped": 0
                     *             }
                     *           ],
                     *           "items": [
                     *             {
                     *               "volume": "example",
                     *               "kind": "deleted",
                     *               "name": "example",
                     *               "oldName": "example",
                     *               "folder": "example",
                     *               "at": "2026-02-11T15:25:00.000Z",
                     *               "fileReference": "example",
                     *               "parentReference": "example",
                     *               "reasons": [
                     *                 "example"
                     *               ]
                     *             }
                     *           ]
                     *         },
                     *         "amcache": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "from": "hive-file",
                     *           "recordsTotal": 0,
                     *           "badFileIds": 0,
                     *           "damagedRecords": 0,
                     *           "items": [
                     *             {
                     *               "path": "example",
                     *               "name": "example",
                     *               "sha1": "da39a3ee5e6b4b0d3255bfef95601890afd80709",
                     *               "sha1Covers": "whole-file",
                     *               "size": 0,
                     *               "linkDate": "2026-02-11T15:25:00.000Z",
                     *               "publisher": "example",
                     *               "productName": "example",
                     *               "version": "example",
                     *               "recordedAt": "2026-02-11T15:25:00.000Z",
                     *               "exists": false
                     *             }
                     *           ]
                     *         },
                     *         "jvm": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "items": [
                     *             {
                     *               "pid": 0,
                     *               "process": "example",
                     *               "readable": false,
                     *               "reason": "example",
                     *               "runtime": "example",
                     *               "knownClasses": 0,
                     *               "filesRead": 0,
                     *               "unreadableFiles": [
                     *                 {
                     *                   "path": "example",
                     *                   "reason": "example"
                     *                 }
                     *               ],
                     *               "classSymbols": 0,
                     *               "referencedOnly": 0,
                     *               "unknownPackages": [
                     *                 {
                     *                   "name": "example",
                     *                   "count": 0,
                     *                   "classes": [
                     *                     "example"
                     *                   ]
                     *                 }
                     *               ],
                     *               "unknownSingles": [
                     *                 "example"
                     *               ],
                     *               "agents": [
                     *                 {
                     *                   "kind": "javaagent",
                     *                   "target": "example",
                     *                   "from": "command line"
                     *                 }
                     *               ],
                     *               "attachListener": false,
                     *               "attachRequestFiles": [
                     *                 "example"
                     *               ],
                     *               "perfData": false,
                     *               "truncated": false,
                     *               "knownClassesTruncated": false,
                     *               "classSymbolsTruncated": false
                     *             }
                     *           ]
                     *         },
                     *         "services": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "from": "hive-file",
                     *           "controlSet": "example",
                     *           "items": [
                     *             {
                     *               "name": "example",
                     *               "present": false,
                     *               "start": 0,
                     *               "startType": "boot",
                     *               "state": "stopped",
                     *               "type": 0,
                     *               "imagePath": "example",
                     *               "displayName": "example",
                     *               "keyLastWritten": "2026-02-11T15:25:00.000Z",
                     *               "problem": "example"
                     *             }
                     *           ]
                     *         },
                     *         "shimcache": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "from": "hive-file",
                     *           "controlSet": "example",
                     *           "format": "windows-10",
                     *           "entriesTotal": 0,
                     *           "stopped": "example",
                     *           "items": [
                     *             {
                     *               "position": 0,
                     *               "path": "example",
                     *               "kind": "file",
                     *               "lastModified": "2026-02-11T15:25:00.000Z",
                     *               "executed": false
                     *             }
                     *           ]
                     *         },
                     *         "modules": {
                     *           "status": "collected",
                     *           "reason": "example",
                     *           "processes": [
                     *             {
                     *               "pid": 0,
                     *               "process": "example",
                     *               "readable": false,
                     *               "reason": "example",
                     *               "systemModules": 0,
                     *               "listed": 0,
                     *               "truncated": false
                     *             }
                     *           ],
                     *           "items": [
                     *             {
                     *               "path": "example",
                     *               "fileSize": 0,
                     *               "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                     *               "verdict": "signed-valid",
                     *               "signature": {
                     *                 "status": "unsigned",
                     *                 "signer": "example",
                     *                 "issuer": "example",
                     *                 "selfSigned": false,
                     *                 "reason": "example",
                     *                 "signedAt": "2026-02-11T15:25:00.000Z"
                     *               },
                     *               "folder": "windows-writable",
                     *               "userWritable": false,
                     *               "pids": [
                     *                 0
                     *               ]
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        client: {
                            arch: string;
                            platform: string;
                            version: string;
                        };
                        /** @description The `nonce` of the start answer. */
                        nonce: string;
                        /** @description Version 2 adds the Windows sections, version 3 the sections that show evidence being hidden; documents of versions 1 and 2 are still accepted. */
                        schema: 1 | 2 | 3;
                        sources: {
                            /** @description Amcache.hve: the program files Windows recorded (present, not necessarily run), newest records first. */
                            amcache?: {
                                /** @description Records whose FileId is not a SHA-1: listed without one. */
                                badFileIds: number;
                                /** @description Records the hive’s damage made unreadable. */
                                damagedRecords: number;
                                from: ("hive-file" | "registry") | null;
                                items: {
                                    /** @description Whether the file is there now; null when its drive is not on the machine at the scan (a USB stick). */
                                    exists: boolean | null;
                                    /**
                                     * Format: date-time
                                     * @description The link time in the program’s PE header (reproducible builds put a hash there). RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    linkDate: string | null;
                                    name: string;
                                    /** @description As Amcache wrote it (lower case), or as found on the disk; the home folder shortened to `~`. */
                                    path: string;
                                    productName: string | null;
                                    /** @description From the file’s version resource, as the file states it. */
                                    publisher: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    recordedAt: string | null;
                                    /**
                                     * @description SHA-1, lowercase hex.
                                     * @example da39a3ee5e6b4b0d3255bfef95601890afd80709
                                     */
                                    sha1: string | null;
                                    /**
                                     * @description Windows hashes at most the first 31,457,280 bytes (30 MiB): for a larger file the SHA-1 is that prefix’s, not the whole file’s. `unknown`: no size recorded.
                                     * @enum {unknown}
                                     */
                                    sha1Covers: "whole-file" | "first-30-mib" | "unknown";
                                    size: number | null;
                                    version: string | null;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /** @description Records with a path, before the cap. */
                                recordsTotal: number;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description BAM/DAM: the last run of each program per user. */
                            bam?: {
                                controlSet: string | null;
                                from: ("hive-file" | "registry") | null;
                                items: {
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    lastRun: string;
                                    /** @description A device path, or a packaged app’s family name. */
                                    program: string;
                                    /** @enum {unknown} */
                                    service: "bam" | "dam";
                                    sid: string;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Discord accounts signed in on this machine (never their tokens). */
                            discord: {
                                accounts: {
                                    /** @description Which Discord client’s store held it (`discord`, `discordptb`, …). */
                                    client: string;
                                    id: string;
                                    username: string;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Windows event logs: whether each could be read, and the events that show hiding or tampering. */
                            eventLogs?: {
                                items: {
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    at: string | null;
                                    /** @description The log cleared, the service type, the volume, the shutdown’s time as written. */
                                    detail: string | null;
                                    eventId: number;
                                    /** @description Before: the old start type, the old time, when logging stopped. */
                                    from: string | null;
                                    /**
                                     * @description What the event shows.
                                     * @enum {unknown}
                                     */
                                    kind: "log-cleared" | "usn-journal-deleted" | "service-start-type-changed" | "service-state-changed" | "service-installed" | "time-changed" | "event-log-stopped" | "unexpected-shutdown";
                                    /** @enum {unknown} */
                                    log: "System" | "Application" | "Security";
                                    /** @description A program the event names: a service’s image, the program that changed the clock. */
                                    program: string | null;
                                    provider: string;
                                    recordId: number;
                                    /** @description The service (its key name when the event gives it). */
                                    service: string | null;
                                    /** @description After: the new start type or state, the new time, when logging resumed. */
                                    to: string | null;
                                }[];
                                logs: {
                                    /** @description The file header says the log was not closed cleanly. */
                                    dirty: boolean | null;
                                    /** @description The file header says the log is full: its oldest records are being overwritten. */
                                    full: boolean | null;
                                    how: ("file" | "export") | null;
                                    /** @enum {unknown} */
                                    name: "System" | "Application" | "Security";
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    newestAt: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    oldestAt: string | null;
                                    /** @description The `.evtx` file, as shown. */
                                    path: string;
                                    /** @description What could not be read: checksums that do not match, records cut off, … */
                                    problems: string[];
                                    /** @description Why it was not read, in words a person understands. */
                                    reason: string | null;
                                    records: number;
                                    /**
                                     * @description `read`: its records were read (`problems` says what could not be); `missing`: no such file; `denied`/`locked`: Windows refused the read; `corrupt`: not an event log; `failed`: another error.
                                     * @enum {unknown}
                                     */
                                    status: "read" | "missing" | "denied" | "locked" | "corrupt" | "failed";
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Game installations: mods and versions jars, renamed archives. */
                            files: {
                                /** @description Installation folders that were searched. */
                                installations: string[];
                                items: {
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    createdAt: string | null;
                                    /** @description Entry paths inside the archive (class paths such as `a/b/C.class`); class files first when there are more than the cap. */
                                    entries: string[];
                                    /** @description Every entry of the archive, listed or not. */
                                    entriesTotal: number;
                                    /**
                                     * @description `zip`: a zip archive under another extension than `.jar`.
                                     * @enum {unknown}
                                     */
                                    kind: "jar" | "zip" | "file";
                                    /** @description Where the file points, when it is a symbolic link to a regular file (read as the game loads it). */
                                    linkTarget?: string;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    modifiedAt: string | null;
                                    /** @description The home folder shortened to `~`. */
                                    path: string;
                                    /**
                                     * @description SHA-256, lowercase hex.
                                     * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                     */
                                    sha256: string;
                                    size: number;
                                }[];
                                /** @description How many files would have been listed without the cap; more than `items` holds means the list is not the whole folder. */
                                itemsTotal?: number;
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Game folders beyond Minecraft: FiveM, SA-MP, temp folders, macro software. */
                            gameFolders?: {
                                /** @description Folders that were searched and exist. */
                                folders: string[];
                                items: {
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    createdAt: string | null;
                                    /** @description Which known folder: `FiveM plugins`, `SA-MP cleo`, `temp`, `macro software`, … */
                                    folder: string;
                                    /** @enum {unknown} */
                                    kind: "file" | "folder";
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    modifiedAt: string | null;
                                    path: string;
                                    /**
                                     * @description SHA-256, lowercase hex.
                                     * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                     */
                                    sha256: string | null;
                                    size: number;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Java game processes: classes loaded in memory that no jar of the runtime, class path, game folder or mods holds (an injected client), Java agents and attach traces. Only class names leave the machine. */
                            jvm?: {
                                items: {
                                    agents: {
                                        /**
                                         * @description The command line, or the environment variable the launcher read it from (only its agent arguments are read).
                                         * @enum {unknown}
                                         */
                                        from: "command line" | "JAVA_TOOL_OPTIONS" | "JDK_JAVA_OPTIONS" | "_JAVA_OPTIONS";
                                        /**
                                         * @description `javaagent`: a jar of Java code; `agentpath`: a native library by path; `agentlib`: a native library by name (`jdwp` is the debugger).
                                         * @enum {unknown}
                                         */
                                        kind: "javaagent" | "agentpath" | "agentlib";
                                        /** @description The jar, library path or library name, without its options. */
                                        target: string;
                                    }[];
                                    /** @description The JVM’s attach listener was started (`.java_pid<pid>` in the temporary folder): a tool attached since the game started. Null where it cannot be told. */
                                    attachListener: boolean | null;
                                    /** @description `.attach_pid<pid>` files left in its working or temporary folder. */
                                    attachRequestFiles: string[];
                                    classSymbols: number;
                                    /** @description More class names were in memory than a scan compares: a loaded class among the rest was not compared; the unknown classes listed are unknown still. */
                                    classSymbolsTruncated?: boolean;
                                    filesRead: number;
                                    knownClasses: number;
                                    /** @description A cap on the files read (jars, class files in folders) was reached: classes of files not read count as unknown, so an unknown package may be a legitimate file’s. */
                                    knownClassesTruncated?: boolean;
                                    /** @description It publishes `hsperfdata_<user>/<pid>`, which lets tools find it to attach: every JVM does unless told not to. */
                                    perfData: boolean | null;
                                    pid: number;
                                    process: string;
                                    /** @description Its memory and class path could be read. */
                                    readable: boolean;
                                    /** @description Why not, or what could not be told, and what the player can do. */
                                    reason: string | null;
                                    referencedOnly: number;
                                    /** @description The Java runtime it runs (its home folder). */
                                    runtime: string | null;
                                    /** @description A cap was reached: some classes were not compared (either of the two below, which an older scanner does not send). */
                                    truncated: boolean;
                                    /** @description Packages with at least two loaded classes that no known file holds: the finding. A class counts as loaded when a HotSpot Klass points to its name. */
                                    unknownPackages: {
                                        /** @description Its unknown loaded classes (the first, sorted). */
                                        classes: string[];
                                        count: number;
                                        /** @description The package, slash-separated (`me/client`); empty for classes outside any package. */
                                        name: string;
                                    }[];
                                    /** @description Unknown loaded classes alone in their package: shown, not a finding by themselves. */
                                    unknownSingles: string[];
                                    /** @description Files on its class path that could not be read: their classes count as unknown. */
                                    unreadableFiles: {
                                        /** @description The home folder shortened to `~`. */
                                        path: string;
                                        reason: string;
                                    }[];
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Game logs: the newest log’s lines that match a hint. */
                            logs: {
                                items: {
                                    /** @description Lines that contain one of the plan’s hints. */
                                    lines: string[];
                                    path: string;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Click macros in mouse software: the programs installed, and the click timing of the macros whose format can be read. */
                            macros?: {
                                items: {
                                    /** @description The button or hotkey that runs it, when the file says. */
                                    boundTo: string | null;
                                    /** @description The mouse buttons it presses. */
                                    buttons: string[];
                                    clicks: number;
                                    /** @description 1000 / the shortest interval; null at 0 ms. */
                                    clicksPerSecond: number | null;
                                    /** @description Presses repeat less than 50 ms apart (over 20 clicks per second): faster than a person clicks. */
                                    fastClicks: boolean;
                                    /** @description The settings file or script it was read from. */
                                    file: string;
                                    /** @description The name the owner gave a clicking macro (capped and redacted), or one the reader makes. */
                                    name: string;
                                    /** @description What the reader could not tell. */
                                    note: string | null;
                                    /** @description Keys, moves and other actions in one run, counted only: what it types is never read. */
                                    otherActions: number;
                                    /** @description The profile, application or script it belongs to. */
                                    profile: string | null;
                                    /**
                                     * @description The mouse or macro program.
                                     * @enum {unknown}
                                     */
                                    program: "Razer Synapse" | "Logitech Gaming Software" | "Logitech G HUB" | "X-Mouse Button Control" | "AutoHotkey" | "Bloody" | "SteelSeries GG" | "Corsair iCUE";
                                    /** @enum {unknown} */
                                    repeat: "once" | "times" | "while-held" | "toggle" | "until-stopped" | "unknown";
                                    repeatTimes: number | null;
                                    /** @description Shortest time from one press to the next, repeats included. */
                                    shortestClickIntervalMs: number | null;
                                }[];
                                programs: {
                                    filesRead: number;
                                    filesUnreadable: number;
                                    /** @description Its own folder, when one exists (AutoHotkey scripts may be found without it). */
                                    folder: string | null;
                                    /** @description Whether its macro settings are read: false when its format has no public description (installed only). */
                                    macrosRead: boolean;
                                    /** @description Macros read that press no mouse button (keys, text, shortcuts): counted only, never named, since a name or description can hold what the macro types. */
                                    macrosWithoutClicks: number;
                                    /**
                                     * @description The mouse or macro program.
                                     * @enum {unknown}
                                     */
                                    program: "Razer Synapse" | "Logitech Gaming Software" | "Logitech G HUB" | "X-Mouse Button Control" | "AutoHotkey" | "Bloody" | "SteelSeries GG" | "Corsair iCUE";
                                    /** @description Why its macros are not read. */
                                    reason: string | null;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                                unreadable: {
                                    path: string;
                                    /**
                                     * @description The mouse or macro program.
                                     * @enum {unknown}
                                     */
                                    program: "Razer Synapse" | "Logitech Gaming Software" | "Logitech G HUB" | "X-Mouse Button Control" | "AutoHotkey" | "Bloody" | "SteelSeries GG" | "Corsair iCUE";
                                    reason: string;
                                }[];
                            };
                            /** @description Strings in the game processes’ memory (raw memory never leaves the machine). */
                            memory: {
                                items: {
                                    bytesScanned: number;
                                    /** @description Java class names found (slash-separated, a package of two levels or more), ASCII or UTF-16LE. When there are more than the cap, chosen in this order: names outside the Java runtime’s, Minecraft’s and its usual libraries’ packages that hold a hint; a few of the game’s own; the other names outside those packages; the names inside them. */
                                    classNames: string[];
                                    /** @description Distinct class names found, sent or not: more than `classNames` holds when the cap cut the list. Counting stops at 1,000,000. */
                                    classNamesTotal?: number;
                                    pid: number;
                                    process: string;
                                    readable: boolean;
                                    /** @description Why the memory could not be read, and what the player can do. */
                                    reason: string | null;
                                    regions: number;
                                    /** @description Strings that contain one of the plan’s hints. */
                                    strings: string[];
                                    /** @description A cap was reached: class names or strings were left out. */
                                    truncated: boolean;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Modules loaded in the game processes (Toolhelp): each one outside %SystemRoot% with its fingerprint, Authenticode verdict and folder kind; the Windows ones counted per process. Code mapped by hand (manual mapping) is not listed by Windows and so not here. */
                            modules?: {
                                items: {
                                    fileSize: number | null;
                                    /**
                                     * @description Where it was loaded from: `windows-writable` is one of the folders under %SystemRoot% that users may write to; `elsewhere` is any folder outside Windows, Program Files, ProgramData and the profile.
                                     * @enum {unknown}
                                     */
                                    folder: "windows-writable" | "program-files" | "program-data" | "temp" | "user-profile" | "elsewhere";
                                    /** @description The home folder shortened to `~`. */
                                    path: string;
                                    /** @description The game processes that have it loaded. */
                                    pids: number[];
                                    /**
                                     * @description SHA-256, lowercase hex.
                                     * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                     */
                                    sha256: string | null;
                                    /** @description Authenticode; trust up to a root is not checked (docs/scan-client.md). */
                                    signature: {
                                        issuer: string | null;
                                        reason: string | null;
                                        selfSigned: boolean | null;
                                        /**
                                         * Format: date-time
                                         * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                         * @example 2026-02-11T15:25:00.000Z
                                         */
                                        signedAt: string | null;
                                        signer: string | null;
                                        /** @enum {unknown} */
                                        status: "unsigned" | "signed-valid" | "signed-invalid" | "signed-unverifiable" | "unreadable" | "not-read";
                                    };
                                    /** @description An ordinary user may put a file in that folder on a default Windows install; null when that depends on an access list the scanner does not read. */
                                    userWritable: boolean | null;
                                    /**
                                     * @description `self-signed`: a valid signature by a certificate that issued itself; `unsigned`: no embedded signature (Windows' catalog-signed DLLs read so too); `invalid`: the file no longer matches its signature, or the signature is broken; `not-read`: unopened or too large.
                                     * @enum {unknown}
                                     */
                                    verdict: "signed-valid" | "self-signed" | "unsigned" | "invalid" | "unverifiable" | "unreadable" | "not-read";
                                }[];
                                processes: {
                                    listed: number;
                                    pid: number;
                                    process: string;
                                    /** @description Its module list could be taken. */
                                    readable: boolean;
                                    /** @description Why not, and what the player can do. */
                                    reason: string | null;
                                    systemModules: number;
                                    /** @description It had more modules than the caps let through. */
                                    truncated: boolean;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Network adapters, including ones that are down or have no address. */
                            network: {
                                adapters: {
                                    description: string | null;
                                    hasAddress: boolean;
                                    /** @enum {unknown} */
                                    kind: "vpn" | "tunnel" | "ethernet" | "wireless" | "loopback" | "virtual" | "other";
                                    name: string;
                                    up: boolean;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Program Compatibility Assistant launch records (Windows 11 22H2 and later). */
                            pca?: {
                                items: {
                                    /** @description The general log’s description of the program. */
                                    description?: string;
                                    exitCode: string | null;
                                    /** @enum {unknown} */
                                    file: "PcaAppLaunchDic.txt" | "PcaGeneralDb0.txt" | "PcaGeneralDb1.txt";
                                    /** @description The program as the file wrote it, a folder variable (`%programfiles%`) resolved where the scanner knows it, the home folder shortened to `~`. */
                                    path: string;
                                    /** @description The general log’s program id, the one Amcache uses. */
                                    programId?: string;
                                    runStatus: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    time: string;
                                    /** @description The general log’s vendor (company) of the program. */
                                    vendor?: string;
                                    /** @description The general log’s version of the program. */
                                    version?: string;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                skippedLines: number;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Windows Prefetch: programs that ran, with their run counts and last run times. */
                            prefetch?: {
                                /** @description `EnablePrefetcher`; null when unknown. */
                                enabled: boolean | null;
                                filesTotal: number;
                                folder: string | null;
                                /**
                                 * Format: date-time
                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                folderModifiedAt: string | null;
                                items: {
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    createdAt: string | null;
                                    executable: string;
                                    /** @description The executable among the files it loaded (a device path). */
                                    executablePath: string | null;
                                    hash: string;
                                    /** @description Newest first. */
                                    lastRuns: string[];
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    modifiedAt: string | null;
                                    /** @description The `.pf` file. */
                                    path: string;
                                    runCount: number;
                                    version: number;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                                unreadable: number;
                            };
                            /** @description The game’s processes and launchers. */
                            processes: {
                                game?: {
                                    /** @description The process names the client looked for, for the PIN’s game. */
                                    expected: string[];
                                    /** @description A process of the game was running when the scan read the processes. */
                                    running: boolean;
                                    /** @description How long the client waited for the player to start the game. */
                                    waitedSeconds: number;
                                };
                                items: {
                                    /** @description With secrets (access tokens, passwords) replaced by `<redacted>`. */
                                    commandLine: string;
                                    /** @description `-javaagent:`, `-agentpath:` and similar arguments. */
                                    injections: string[];
                                    name: string;
                                    /** @description Executable path, the home folder shortened to `~`. */
                                    path: string | null;
                                    pid: number;
                                    /**
                                     * @description SHA-256, lowercase hex.
                                     * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                     */
                                    sha256: string | null;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    startedAt: string | null;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Programs the Windows sources show ran: whether they still exist, signature, timeline. */
                            programs?: {
                                items: {
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    createdAt: string | null;
                                    /** @description Still on a drive the scan could see. */
                                    exists: boolean;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    modifiedAt: string | null;
                                    name: string;
                                    /** @description The home folder shortened to `~`. */
                                    path: string;
                                    /**
                                     * @description SHA-256, lowercase hex.
                                     * @example e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                                     */
                                    sha256: string | null;
                                    signature: {
                                        issuer: string | null;
                                        reason: string | null;
                                        selfSigned: boolean | null;
                                        /**
                                         * Format: date-time
                                         * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                         * @example 2026-02-11T15:25:00.000Z
                                         */
                                        signedAt: string | null;
                                        signer: string | null;
                                        /** @enum {unknown} */
                                        status: "unsigned" | "signed-valid" | "signed-invalid" | "signed-unverifiable" | "unreadable" | "not-read";
                                    } | null;
                                    /** @description Every time known for the program, oldest first. */
                                    timeline: {
                                        /**
                                         * Format: date-time
                                         * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                         * @example 2026-02-11T15:25:00.000Z
                                         */
                                        at: string;
                                        /** @enum {unknown} */
                                        source: "process" | "prefetch" | "bam" | "pca" | "file-created" | "file-modified" | "recycle-bin";
                                    }[];
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description Recycle Bin records: what was deleted, from where, and when. */
                            recycleBin?: {
                                /** @description Drives whose bins were read. */
                                drives: string[];
                                items: {
                                    /** @description Its `$R` data file is still in the bin. */
                                    dataPresent: boolean;
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    deletedAt: string | null;
                                    /** @description Where the file was before it was deleted. */
                                    originalPath: string;
                                    /** @description The `$I` file. */
                                    path: string;
                                    size: number;
                                    version: number;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description The Windows services that write the evidence (SysMain for Prefetch, PcaSvc, the BAM and DAM drivers, EventLog, …): each one’s start type, and on a running Windows its state. */
                            services?: {
                                controlSet: string | null;
                                from: ("hive-file" | "service-manager") | null;
                                items: {
                                    displayName: string | null;
                                    imagePath: string | null;
                                    /**
                                     * Format: date-time
                                     * @description When the service’s registry key last changed (a hive file only). RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    keyLastWritten: string | null;
                                    /** @description The service’s key name (`SysMain`, `PcaSvc`, `bam`, …). */
                                    name: string;
                                    /** @description False: the service does not exist (Windows ships every one of these, so it was deleted). Null: unknown (a damaged hive hid it). */
                                    present: boolean | null;
                                    /** @description Why this service could not be read. */
                                    problem: string | null;
                                    start: number | null;
                                    startType: ("boot" | "system" | "automatic" | "manual" | "disabled") | null;
                                    state: ("stopped" | "start-pending" | "stop-pending" | "running" | "continue-pending" | "pause-pending" | "paused") | null;
                                    type: number | null;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                            };
                            /** @description The Application Compatibility Cache (ShimCache) as Windows last saved it: programs that were on the machine, newest first, even if since deleted. */
                            shimcache?: {
                                controlSet: string | null;
                                entriesTotal: number;
                                format: ("windows-10" | "windows-8.0" | "windows-8.1") | null;
                                from: ("hive-file" | "registry") | null;
                                /** @description Newest first. */
                                items: {
                                    /** @description Windows 8.x’s insertion flag; null on Windows 10 and 11, which do not record it. */
                                    executed: boolean | null;
                                    /** @enum {unknown} */
                                    kind: "file" | "packaged-app";
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    lastModified: string | null;
                                    /** @description As Windows wrote it (the home folder shortened to `~`); a packaged app’s family name when `kind` is `packaged-app`. */
                                    path: string;
                                    position: number;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                                /** @description Why the cache was read only in part. */
                                stopped: string | null;
                            };
                            /** @description Operating system, virtual machine signs and the clock. */
                            system: {
                                /**
                                 * Format: date-time
                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                bootedAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                clientTime: string;
                                /**
                                 * Format: date-time
                                 * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                logonAt: string | null;
                                /** @description e.g. `Windows 11 Pro 23H2`, `Linux 6.1.0 (Debian GNU/Linux 12)`. */
                                os: string | null;
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                                /** @description Signs of a virtual machine; empty when none. */
                                virtualMachine: string[];
                            };
                            /** @description The NTFS change journal of each fixed volume: its age, and recent deletions, renames and time changes of program files. Needs administrator rights. */
                            usnJournal?: {
                                /** @description The scanner ran as administrator. */
                                elevated: boolean | null;
                                /** @description Oldest first. */
                                items: {
                                    /**
                                     * Format: date-time
                                     * @description RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    at: string | null;
                                    /** @description NTFS file reference, hexadecimal. */
                                    fileReference: string;
                                    /** @description The folder it is in, when that folder still exists; null: folder unknown. */
                                    folder: string | null;
                                    /**
                                     * @description `basic-info-changed`: its times or attributes were set (what time-stomping leaves).
                                     * @enum {unknown}
                                     */
                                    kind: "deleted" | "renamed" | "basic-info-changed";
                                    /** @description The file name (a rename’s new name; null when only the old one was seen). */
                                    name: string | null;
                                    /** @description A rename’s old name. */
                                    oldName: string | null;
                                    /** @description The folder’s file reference, hexadecimal. */
                                    parentReference: string;
                                    /** @description USN_REASON_* names. */
                                    reasons: string[];
                                    volume: string;
                                }[];
                                /** @description Why it was skipped or failed, or what a collected source could not tell, in words a person understands. */
                                reason: string | null;
                                /**
                                 * @description `skipped`: not asked for, or nothing to read (`reason` says why); `failed`: an error.
                                 * @enum {unknown}
                                 */
                                status: "collected" | "skipped" | "failed";
                                volumes: {
                                    bytesRead: number;
                                    changesDropped: number;
                                    /** @description The reading reached the journal’s end. */
                                    complete: boolean;
                                    /** @description The first record still in the journal (decimal). */
                                    firstUsn: string | null;
                                    /** @description UsnJournalID, hexadecimal: a journal deleted and created again has a new one. */
                                    journalId: string | null;
                                    /** @description The first record this journal instance wrote (decimal). */
                                    lowestValidUsn: string | null;
                                    /** @description The next record to be written (decimal). */
                                    nextUsn: string | null;
                                    /** @description Why it is inactive or was not read, or which part of it was not read. */
                                    note: string | null;
                                    /**
                                     * Format: date-time
                                     * @description The time of the oldest record still in the journal. RFC 3339 date-time: `T` and `Z` in either case, any offset, any number of fraction digits (read to the millisecond), a leap second (read as 23:59:59.999). Years 0000 to 9999 in UTC: year 0000 only with `Z` or an offset of zero or less, year 9999 only with `Z` or an offset of zero or more.
                                     * @example 2026-02-11T15:25:00.000Z
                                     */
                                    oldestRecordAt: string | null;
                                    /**
                                     * @description `inactive`: the volume has no active journal (deleted and not created again); `not-read`: see `note`.
                                     * @enum {unknown}
                                     */
                                    state: "read" | "inactive" | "not-read";
                                    /** @description The volume Windows runs from. */
                                    system: boolean;
                                    /** @description The drive, `C:`. */
                                    volume: string;
                                    /** @description Records of this journal instance were already dropped from its start, so the oldest record is not its creation; null when unknown. */
                                    wrapped: boolean | null;
                                }[];
                                windowHours: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "result": "legit",
                         *       "receipt": {
                         *         "id": "example",
                         *         "counts": {}
                         *       },
                         *       "showResult": false
                         *     }
                         */
                        "application/json": {
                            receipt: {
                                /** @description What was received, by category: processes, memoryStrings, files, discordAccounts, … */
                                counts: {
                                    [key: string]: number;
                                };
                                /** @description Quote it to the community’s staff to name this upload. */
                                id: string;
                            };
                            /** @enum {unknown} */
                            result: "legit" | "suspicious" | "cheating";
                            /** @description Whether the scanner may show the player `result`: only when the Enterprise turned it on. Otherwise it says the scan is complete and that the community’s staff have the result (docs/scan-client.md, "Nothing to learn from the result"). */
                            showResult: boolean;
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_session_token, invalid_session_token, invalid_client_signature. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: scanner_client_retired, scanner_client_not_accepted. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: scan_closed, nonce_mismatch. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Gone: pin_expired. */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scanner/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report that the scan failed
         * @description Report that the scan failed
         *
         *     **Access:** the scanner session token from POST /v1/scanner/start, as `Authorization: Bearer <token>`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "message": "example"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_session_token, invalid_session_token, invalid_client_signature. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: scanner_client_retired, scanner_client_not_accepted. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: scan_closed. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Gone: pin_expired. */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scanner/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver the scan report
         * @description The server computes the verdict and answers with it.
         *
         *     **Access:** the scanner session token from POST /v1/scanner/start, as `Authorization: Bearer <token>`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "detections": [
                     *         "example"
                     *       ],
                     *       "suspicious": [
                     *         "example"
                     *       ],
                     *       "warnings": [
                     *         "example"
                     *       ],
                     *       "untrusted": [
                     *         "example"
                     *       ],
                     *       "integrity": [
                     *         "example"
                     *       ],
                     *       "artifacts": [
                     *         "example"
                     *       ],
                     *       "vpn": "example",
                     *       "country": "example",
                     *       "logon": "example",
                     *       "scantime": "example",
                     *       "windows": "example",
                     *       "discord": [
                     *         {
                     *           "id": "123456789012345678",
                     *           "username": "example"
                     *         }
                     *       ],
                     *       "ip": "example"
                     *     }
                     */
                    "application/json": {
                        artifacts: string[];
                        country: string | null;
                        detections: string[];
                        discord: {
                            id: string;
                            username: string;
                        }[];
                        integrity: string[];
                        /** @description Stored only as a keyed hash. */
                        ip?: string;
                        logon: string | null;
                        scantime: string | null;
                        suspicious: string[];
                        untrusted: string[];
                        vpn: string | null;
                        warnings: string[];
                        windows: string | null;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "result": "legit"
                         *     }
                         */
                        "application/json": {
                            /** @enum {unknown} */
                            result: "legit" | "suspicious" | "cheating";
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_session_token, invalid_session_token, invalid_client_signature. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: scanner_client_retired, scanner_client_not_accepted. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: scan_closed. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Gone: pin_expired. */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scanner/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report scan progress
         * @description Report scan progress
         *
         *     **Access:** the scanner session token from POST /v1/scanner/start, as `Authorization: Bearer <token>`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "progress": 0,
                     *       "statusMessage": "example"
                     *     }
                     */
                    "application/json": {
                        progress: number;
                        statusMessage: string;
                    };
                };
            };
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_session_token, invalid_session_token, invalid_client_signature. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: scanner_client_retired, scanner_client_not_accepted. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: scan_closed, progress_backwards. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Gone: pin_expired. */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scanner/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a scan with a PIN
         * @description Called by the scan client. No API key: the PIN is the secret. Limited per client IP.
         *
         *     **Access:** no credentials.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "pin": "A7K3M2P9",
                     *       "hwids": [
                     *         "example"
                     *       ],
                     *       "clientVersion": "example"
                     *     }
                     */
                    "application/json": {
                        clientVersion?: string;
                        /** @description Hardware IDs of the machine being scanned, exactly as the system reports them (a trailing NUL included). Stored only as keyed hashes. */
                        hwids: string[];
                        /** @description The 8-character PIN, any case. */
                        pin: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "sessionToken": "example",
                         *       "pin": "example",
                         *       "type": "example",
                         *       "ramDump": false,
                         *       "expiresAt": "2026-02-11T15:25:00.000Z",
                         *       "nonce": "example",
                         *       "serverTime": "2026-02-11T15:25:00.000Z",
                         *       "plan": {
                         *         "sources": [
                         *           "processes"
                         *         ],
                         *         "hints": [
                         *           "example"
                         *         ]
                         *       },
                         *       "proof": {
                         *         "url": "example",
                         *         "expiresAt": "2026-02-11T15:25:00.000Z"
                         *       }
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            expiresAt: string;
                            /** @description One-time value for this scan; the evidence document must carry it (`nonce`). */
                            nonce: string;
                            pin: string;
                            /** @description What to collect (docs/scan-client.md, "The scan plan"). */
                            plan: {
                                /** @description Public collection hints: strings containing one of them are reported. Never decisive. */
                                hints: string[];
                                /** @description The evidence sources to collect for this game type. */
                                sources: ("processes" | "memory" | "files" | "logs" | "discord" | "network" | "system" | "prefetch" | "bam" | "pca" | "recycleBin" | "gameFolders" | "programs" | "eventLogs" | "modules" | "jvm" | "macros" | "usnJournal" | "amcache" | "services" | "shimcache")[];
                            };
                            proof: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                expiresAt: string;
                                /** @description Show it to the player: opening it proves their Discord account. */
                                url: string;
                            } | null;
                            ramDump: boolean;
                            /**
                             * Format: date-time
                             * @description The server's clock when it answered: a client whose clock is far off says so.
                             */
                            serverTime: string;
                            /** @description Send as `Authorization: Bearer <token>` on the other scanner calls. */
                            sessionToken: string;
                            type: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: invalid_client_signature. */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: scanner_client_retired, scanner_client_not_accepted. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: pin_not_found. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: pin_already_used. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Gone: pin_expired. */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{discordId}/risk-score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user's risk score
         * @description The highest score across the hardware profiles linked to the user, with statistics over every scan on that hardware. See docs/risk-score.md.
         *
         *     **Access:** an API key in the `x-api-key` header with the `user:risk-score` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Discord user ID: 17 to 20 digits. */
                    discordId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "found": true,
                         *       "discordId": "123456789012345678",
                         *       "riskScore": 72,
                         *       "riskLevel": "high",
                         *       "linkedProfiles": 2,
                         *       "stats": {
                         *         "totalScans": 5,
                         *         "cheatingScans": 1,
                         *         "suspiciousScans": 1,
                         *         "cleanScans": 3,
                         *         "totalDetections": 2
                         *       },
                         *       "uniqueCheatsDetected": [
                         *         "Eulen"
                         *       ],
                         *       "totalUniqueCheatsDetected": 1,
                         *       "isBanned": false,
                         *       "firstScanDate": "2026-01-03T18:00:00.000Z",
                         *       "lastScanDate": "2026-02-11T15:28:00.000Z",
                         *       "lastCheatingDate": "2026-02-11T15:28:00.000Z",
                         *       "scansByReach": {
                         *         "shared": 4,
                         *         "enterpriseOnly": 1
                         *       }
                         *     }
                         */
                        "application/json": {
                            discordId: string;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            firstScanDate: string;
                            /** @enum {boolean} */
                            found: true;
                            isBanned: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastCheatingDate: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastScanDate: string;
                            linkedProfiles: number;
                            /** @enum {unknown} */
                            riskLevel: "clean" | "low" | "medium" | "high" | "critical";
                            riskScore: number;
                            /** @description Which of the scans counted here every community sees, and which only your Enterprise does (docs/risk-score.md, "Whose scan it is"). */
                            scansByReach: {
                                /** @description Scans counted only for your Enterprise: it ran them, and they could not be tied to the person. */
                                enterpriseOnly: number;
                                /** @description Scans counted for everyone: the player proved the account, or the staff named it and the scan found it on the player's machine. */
                                shared: number;
                            };
                            stats: {
                                cheatingScans: number;
                                cleanScans: number;
                                suspiciousScans: number;
                                totalDetections: number;
                                totalScans: number;
                            };
                            totalUniqueCheatsDetected: number;
                            /** @description The first 100 distinct detections by name; `totalUniqueCheatsDetected` counts them all. */
                            uniqueCheatsDetected: string[];
                        } | {
                            discordId: string;
                            /** @enum {boolean} */
                            found: false;
                            message: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_discord_id. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission, licence_required. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, scanned_user_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's webhook endpoints
         * @description List the account's webhook endpoints
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "url": "example",
                         *           "events": [
                         *             "pin.created"
                         *           ],
                         *           "format": "standard",
                         *           "description": "example",
                         *           "enabled": false,
                         *           "disabledReason": "example",
                         *           "createdAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                description: string | null;
                                /** @description Why the service disabled it, if it did. */
                                disabledReason: string | null;
                                enabled: boolean;
                                events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                                /**
                                 * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                                 * @enum {unknown}
                                 */
                                format: "standard" | "discord";
                                id: number;
                                /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                                url: string;
                            }[];
                        };
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Register a webhook endpoint
         * @description At most 10 per account. The signing secret is in this answer only.
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "url": "https://bot.example.com/scanpin",
                     *       "events": [
                     *         "pin.created"
                     *       ],
                     *       "description": "example",
                     *       "format": "standard"
                     *     }
                     */
                    "application/json": {
                        description?: string | null;
                        /** @description Event types to receive; empty (the default) means every event. */
                        events?: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                        /**
                         * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                         * @enum {unknown}
                         */
                        format?: "standard" | "discord";
                        /**
                         * @description https:// URL that receives the events.
                         * @example https://bot.example.com/scanpin
                         */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "events": [
                         *         "pin.created"
                         *       ],
                         *       "format": "standard",
                         *       "description": "example",
                         *       "enabled": false,
                         *       "disabledReason": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            description: string | null;
                            /** @description Why the service disabled it, if it did. */
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                            /**
                             * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                             * @enum {unknown}
                             */
                            format: "standard" | "discord";
                            id: number;
                            /**
                             * @description The signing secret (whsec_…). Shown only in this answer: store it now.
                             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                             */
                            secret: string;
                            /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_webhook_url. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Conflict: webhook_limit. */
                409: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook endpoint
         * @description Read a webhook endpoint
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "events": [
                         *         "pin.created"
                         *       ],
                         *       "format": "standard",
                         *       "description": "example",
                         *       "enabled": false,
                         *       "disabledReason": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            description: string | null;
                            /** @description Why the service disabled it, if it did. */
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                            /**
                             * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                             * @enum {unknown}
                             */
                            format: "standard" | "discord";
                            id: number;
                            /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, webhook_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Delete a webhook endpoint
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content. */
                204: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, webhook_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Re-enabling an endpoint the service disabled starts it afresh.
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    /**
                     * @example {
                     *       "url": "https://bot.example.com/scanpin",
                     *       "events": [
                     *         "pin.created"
                     *       ],
                     *       "description": "example",
                     *       "enabled": false
                     *     }
                     */
                    "application/json": {
                        description?: string | null;
                        enabled?: boolean;
                        /** @description Event types to receive; empty (the default) means every event. */
                        events?: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                        /**
                         * @description https:// URL that receives the events.
                         * @example https://bot.example.com/scanpin
                         */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "events": [
                         *         "pin.created"
                         *       ],
                         *       "format": "standard",
                         *       "description": "example",
                         *       "enabled": false,
                         *       "disabledReason": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            description: string | null;
                            /** @description Why the service disabled it, if it did. */
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                            /**
                             * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                             * @enum {unknown}
                             */
                            format: "standard" | "discord";
                            id: number;
                            /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter, invalid_webhook_url. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, webhook_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log, newest first
         * @description The delivery log, newest first
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description A cursor from a previous page.
                     * @example 1024
                     */
                    before?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "eventId": 1,
                         *           "event": "pin.created",
                         *           "state": "pending",
                         *           "delivered": false,
                         *           "attempts": 1,
                         *           "lastStatusCode": 1,
                         *           "lastError": "example",
                         *           "lastResponse": "example",
                         *           "lastAttemptAt": "2026-02-11T15:25:00.000Z",
                         *           "nextAttemptAt": "2026-02-11T15:25:00.000Z",
                         *           "deliveredAt": "2026-02-11T15:25:00.000Z",
                         *           "createdAt": "2026-02-11T15:25:00.000Z"
                         *         }
                         *       ],
                         *       "nextCursor": "example"
                         *     }
                         */
                        "application/json": {
                            data: {
                                attempts: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                createdAt: string;
                                delivered: boolean;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                deliveredAt: string | null;
                                /** @enum {unknown} */
                                event: "pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed" | "ping";
                                eventId: number;
                                id: number;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                lastAttemptAt: string | null;
                                lastError: string | null;
                                /** @description The first 1 KiB of the receiver’s last answer. */
                                lastResponse: string | null;
                                lastStatusCode: number | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-02-11T15:25:00.000Z
                                 */
                                nextAttemptAt: string | null;
                                /** @enum {unknown} */
                                state: "pending" | "delivered" | "failed" | "cancelled";
                            }[];
                            /** @description Pass as `before` for the next (older) page; null at the end. */
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description Bad Request: invalid_parameter. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, webhook_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a past event again
         * @description A new delivery of the same event (same webhook-id), with the full retry schedule.
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deliveryId: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "eventId": 1,
                         *       "event": "pin.created",
                         *       "state": "pending",
                         *       "delivered": false,
                         *       "attempts": 1,
                         *       "lastStatusCode": 1,
                         *       "lastError": "example",
                         *       "lastResponse": "example",
                         *       "lastAttemptAt": "2026-02-11T15:25:00.000Z",
                         *       "nextAttemptAt": "2026-02-11T15:25:00.000Z",
                         *       "deliveredAt": "2026-02-11T15:25:00.000Z",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            attempts: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            delivered: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            deliveredAt: string | null;
                            /** @enum {unknown} */
                            event: "pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed" | "ping";
                            eventId: number;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastAttemptAt: string | null;
                            lastError: string | null;
                            /** @description The first 1 KiB of the receiver’s last answer. */
                            lastResponse: string | null;
                            lastStatusCode: number | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            nextAttemptAt: string | null;
                            /** @enum {unknown} */
                            state: "pending" | "delivered" | "failed" | "cancelled";
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, webhook_not_found, delivery_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Deliveries are signed with both the old and the new secret for 24 hours.
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "url": "example",
                         *       "events": [
                         *         "pin.created"
                         *       ],
                         *       "format": "standard",
                         *       "description": "example",
                         *       "enabled": false,
                         *       "disabledReason": "example",
                         *       "createdAt": "2026-02-11T15:25:00.000Z",
                         *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                         *     }
                         */
                        "application/json": {
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            description: string | null;
                            /** @description Why the service disabled it, if it did. */
                            disabledReason: string | null;
                            enabled: boolean;
                            events: ("pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed")[];
                            /**
                             * @description `standard`: signed events (Standard Webhooks). `discord`: a Discord channel’s incoming webhook, sent each finished scan’s result as an embed (events are then `pin.finished` only). Left out: `discord` for a discord.com webhook URL, else `standard`.
                             * @enum {unknown}
                             */
                            format: "standard" | "discord";
                            id: number;
                            /**
                             * @description The signing secret (whsec_…). Shown only in this answer: store it now.
                             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                             */
                            secret: string;
                            /** @description The receiver; a Discord webhook’s token is not shown again (…) once saved. */
                            url: string;
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, webhook_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a ping event
         * @description Send a ping event
         *
         *     **Access:** an API key in the `x-api-key` header with the `webhooks:manage` permission. Counts against the key’s rate limit; every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "id": 1,
                         *       "eventId": 1,
                         *       "event": "pin.created",
                         *       "state": "pending",
                         *       "delivered": false,
                         *       "attempts": 1,
                         *       "lastStatusCode": 1,
                         *       "lastError": "example",
                         *       "lastResponse": "example",
                         *       "lastAttemptAt": "2026-02-11T15:25:00.000Z",
                         *       "nextAttemptAt": "2026-02-11T15:25:00.000Z",
                         *       "deliveredAt": "2026-02-11T15:25:00.000Z",
                         *       "createdAt": "2026-02-11T15:25:00.000Z"
                         *     }
                         */
                        "application/json": {
                            attempts: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            createdAt: string;
                            delivered: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            deliveredAt: string | null;
                            /** @enum {unknown} */
                            event: "pin.created" | "pin.started" | "pin.progress" | "pin.finished" | "pin.expired" | "pin.failed" | "ping";
                            eventId: number;
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            lastAttemptAt: string | null;
                            lastError: string | null;
                            /** @description The first 1 KiB of the receiver’s last answer. */
                            lastResponse: string | null;
                            lastStatusCode: number | null;
                            /**
                             * Format: date-time
                             * @example 2026-02-11T15:25:00.000Z
                             */
                            nextAttemptAt: string | null;
                            /** @enum {unknown} */
                            state: "pending" | "delivered" | "failed" | "cancelled";
                        };
                    };
                };
                /** @description Bad Request: invalid_body, invalid_parameter. */
                400: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Unauthorized: missing_api_key, invalid_api_key. */
                401: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Forbidden: insufficient_permission. */
                403: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Not Found: account_not_found, webhook_not_found. */
                404: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Payload Too Large: payload_too_large. */
                413: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Too Many Requests: rate_limited. */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Internal Server Error: internal_error. */
                500: {
                    headers: {
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Service Unavailable: service_unavailable. */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying. */
                        "Retry-After"?: number;
                        /** @description Requests allowed in the current window (the tighter of the hourly and per-minute budgets). */
                        "X-RateLimit-Limit"?: number;
                        /** @description Requests left in the current window. */
                        "X-RateLimit-Remaining"?: number;
                        /** @description Whole seconds until the window resets. */
                        "X-RateLimit-Reset"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description An error, as application/problem+json. */
        Problem: {
            /**
             * @description Stable, machine-readable error code (docs/api.md, "Errors").
             * @example pin_not_found
             * @enum {unknown}
             */
            code: "missing_api_key" | "invalid_api_key" | "insufficient_permission" | "rate_limited" | "account_not_found" | "account_banned" | "not_enterprise_owner" | "licence_required" | "invalid_body" | "invalid_game_type" | "active_pin_limit" | "invalid_pin_code" | "pin_not_found" | "pin_forbidden" | "invalid_discord_id" | "payload_too_large" | "route_not_found" | "method_not_allowed" | "invalid_parameter" | "invalid_url" | "bad_request" | "invalid_webhook_url" | "webhook_limit" | "webhook_not_found" | "delivery_not_found" | "too_many_streams" | "invalid_sign_in_link" | "not_signed_in" | "cross_site_request" | "session_not_found" | "share_link_not_found" | "share_link_forbidden" | "pin_not_finished" | "evidence_list_not_found" | "invalid_invite" | "invite_not_found" | "unknown_invite" | "discord_sign_in_disabled" | "cannot_remove_owner" | "discord_app_disabled" | "discord_guild_taken" | "discord_guild_not_found" | "discord_guild_not_connected" | "discord_not_staff" | "manage_server_required" | "invalid_connect_code" | "discord_unknown_button" | "service_unavailable" | "internal_error" | "missing_session_token" | "invalid_session_token" | "pin_already_used" | "pin_expired" | "scan_closed" | "progress_backwards" | "invalid_admin_token" | "invalid_discord_signature" | "enterprise_not_found" | "already_member" | "member_not_found" | "key_not_found" | "ban_not_found" | "scanned_user_not_found" | "invalid_evidence" | "nonce_mismatch" | "invalid_client_signature" | "scanner_client_retired" | "scanner_client_not_accepted" | "scanner_client_not_found" | "rule_not_found" | "invalid_rule_pattern" | "rule_test_running" | "rule_test_not_found";
            /** @description What happened and what to do next, for people. */
            detail: string;
            /** @example 404 */
            status: number;
            /** @example Not Found */
            title: string;
            /** @example about:blank */
            type: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
