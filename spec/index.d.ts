/** Absolute path of the generated OpenAPI 3.0 document (the one every tool reads). */
export declare const openapiPath: string;
/** Absolute path of the generated OpenAPI 3.1 document. */
export declare const openapi31Path: string;
